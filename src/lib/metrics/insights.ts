// Plain-language findings from a person's own days: associations with their sample sizes, records and streaks.
import type { Move, MoodSubType, Sleep } from '$lib/api';
import { dailyAttainment, streaks } from './goals';
import { moodScore, MOOD_SCORE_MAX } from './mood';
import { asleepSeconds, isNap } from './sleep';
import { formatDayInYear, formatDuration, formatHours, plural } from '$lib/format';

/** One calendar day as the findings read it; each value is dated by its record's own zone. */
export interface InsightDay {
	/** `YYYYMMDD`. */
	date: number;
	/** Steps of the day (its move), or null without a record. */
	steps: number | null;
	/** Seconds asleep in the night that ended that morning (the sleep's wake date), or null. */
	asleep: number | null;
	/** The day's mood (the last one logged), or null. */
	mood: MoodSubType | null;
}

/** The days the findings rest on: every date some record names, oldest first. */
export function insightDays(
	moves: readonly Move[],
	sleeps: readonly Sleep[],
	moods: readonly { date: number; sub_type: MoodSubType }[]
): InsightDay[] {
	const days = new Map<number, InsightDay>();
	const dayOf = (date: number): InsightDay => {
		let day = days.get(date);
		if (day === undefined) {
			day = { date, steps: null, asleep: null, mood: null };
			days.set(date, day);
		}
		return day;
	};
	for (const move of moves) dayOf(move.date).steps = move.details.steps;
	for (const sleep of sleeps) {
		if (isNap(sleep)) continue;
		const asleep = asleepSeconds(sleep);
		if (asleep === null) continue;
		// Two nights waking on one date (a split night): the day follows both.
		const day = dayOf(sleep.date);
		day.asleep = (day.asleep ?? 0) + asleep;
	}
	for (const mood of moods) dayOf(mood.date).mood = mood.sub_type;
	return [...days.values()].sort((a, b) => a.date - b.date);
}

export interface InsightOptions {
	/** The person's today: its steps are still growing, so it is left out of comparisons. */
	today: number;
	/** The daily steps goal, or null when none is set. */
	stepGoal: number | null;
	/** Days each side of a comparison needs before it is stated; default 14. */
	minSample?: number;
	/** Seconds asleep that make a long night; default 7 h. */
	longNight?: number;
}

export interface Finding {
	id: 'steps-after-sleep' | 'mood-after-sleep' | 'most-steps' | 'longest-sleep' | 'step-streak';
	title: string;
	/** The finding in words, with its numbers; or why there is none yet. */
	text: string;
	/** How many days it rests on, in words (`n = 212 vs 96`). */
	basis: string;
	/** False when too few days: the text then says so and states nothing. */
	enough: boolean;
}

const DEFAULT_MIN_SAMPLE = 14;
const DEFAULT_LONG_NIGHT = 7 * 3600;

const integer = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-GB', {
	minimumFractionDigits: 1,
	maximumFractionDigits: 1
});

function mean(values: readonly number[]): number {
	return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Days split by the night before: long (at or over the threshold) and short, each with a value. */
function splitByNight(
	days: readonly InsightDay[],
	longNight: number,
	value: (day: InsightDay) => number | null
): { long: number[]; short: number[] } {
	const long: number[] = [];
	const short: number[] = [];
	for (const day of days) {
		const v = value(day);
		if (day.asleep === null || v === null) continue;
		(day.asleep >= longNight ? long : short).push(v);
	}
	return { long, short };
}

function notEnough(
	id: Finding['id'],
	title: string,
	long: number,
	short: number,
	min: number,
	what: string
): Finding {
	return {
		id,
		title,
		text: `Not enough days yet to compare: ${long} ${what} after long nights and ${short} after short ones; each side needs ${min}.`,
		basis: `n = ${long} vs ${short}`,
		enough: false
	};
}

/**
 * The findings, in a fixed order. Comparisons say "on days after", an association in the person's
 * own records and never a cause, and are stated only with `minSample` days on each side.
 */
export function insights(days: readonly InsightDay[], options: InsightOptions): Finding[] {
	const min = options.minSample ?? DEFAULT_MIN_SAMPLE;
	const longNight = options.longNight ?? DEFAULT_LONG_NIGHT;
	const threshold = formatHours(longNight);
	const past = days.filter((day) => day.date < options.today);
	const findings: Finding[] = [];

	const steps = splitByNight(past, longNight, (day) => day.steps);
	const stepsTitle = `Steps after ${threshold} or more of sleep`;
	if (steps.long.length < min || steps.short.length < min) {
		findings.push(
			notEnough('steps-after-sleep', stepsTitle, steps.long.length, steps.short.length, min, 'days')
		);
	} else {
		const difference = Math.round(mean(steps.long) - mean(steps.short));
		const more = difference >= 0 ? 'more' : 'fewer';
		findings.push({
			id: 'steps-after-sleep',
			title: stepsTitle,
			text: `On days after ${threshold} or more of sleep you walked ${integer.format(Math.abs(difference))} ${more} steps on average than after shorter nights (${integer.format(Math.round(mean(steps.long)))} against ${integer.format(Math.round(mean(steps.short)))}).`,
			basis: `n = ${steps.long.length} vs ${steps.short.length} days`,
			enough: true
		});
	}

	// A mood is logged in the evening, so today's counts: the night before it has ended.
	const upToToday = days.filter((day) => day.date <= options.today);
	const moods = splitByNight(upToToday, longNight, (day) =>
		day.mood === null ? null : moodScore(day.mood)
	);
	const moodTitle = `Mood after ${threshold} or more of sleep`;
	if (moods.long.length < min || moods.short.length < min) {
		findings.push(
			notEnough('mood-after-sleep', moodTitle, moods.long.length, moods.short.length, min, 'moods')
		);
	} else {
		const long = mean(moods.long);
		const short = mean(moods.short);
		findings.push({
			id: 'mood-after-sleep',
			title: moodTitle,
			text: `On days after ${threshold} or more of sleep your mood scored ${oneDecimal.format(long)} of ${MOOD_SCORE_MAX} on average, against ${oneDecimal.format(short)} after shorter nights (${MOOD_SCORE_MAX} is Amazing, 1 Totally Done).`,
			basis: `n = ${moods.long.length} vs ${moods.short.length} days`,
			enough: true
		});
	}

	const stepped = past.filter((day) => day.steps !== null && day.steps > 0);
	const most = stepped.reduce<InsightDay | null>(
		(best, day) => (best === null || (day.steps ?? 0) > (best.steps ?? 0) ? day : best),
		null
	);
	findings.push(
		most === null
			? {
					id: 'most-steps',
					title: 'Most steps in a day',
					text: 'No day with steps yet.',
					basis: 'n = 0 days',
					enough: false
				}
			: {
					id: 'most-steps',
					title: 'Most steps in a day',
					text: `${integer.format(most.steps ?? 0)} steps on ${formatDayInYear(most.date)}.`,
					basis: `n = ${stepped.length} days`,
					enough: true
				}
	);

	const slept = upToToday.filter((day) => day.asleep !== null);
	const longest = slept.reduce<InsightDay | null>(
		(best, day) => (best === null || (day.asleep ?? 0) > (best.asleep ?? 0) ? day : best),
		null
	);
	findings.push(
		longest === null
			? {
					id: 'longest-sleep',
					title: 'Longest sleep',
					text: 'No night recorded yet.',
					basis: 'n = 0 nights',
					enough: false
				}
			: {
					id: 'longest-sleep',
					title: 'Longest sleep',
					text: `${formatDuration(longest.asleep ?? 0)} asleep in the night to ${formatDayInYear(longest.date)}.`,
					basis: `n = ${slept.length} nights`,
					enough: true
				}
	);

	if (options.stepGoal === null || options.stepGoal <= 0) {
		findings.push({
			id: 'step-streak',
			title: 'Step goal streak',
			text: 'No steps goal is set, so there is no streak to count.',
			basis: 'n = 0 days',
			enough: false
		});
	} else {
		const attained = dailyAttainment(
			days
				.filter((day) => day.date <= options.today)
				.map((day) => ({ dateInt: day.date, value: day.steps })),
			options.stepGoal
		);
		const run = streaks(attained, options.today);
		const counted = attained.filter((day) => day.met !== null).length;
		const goal = integer.format(options.stepGoal);
		const longestText =
			run.longestEnd === null
				? 'You have not reached it yet.'
				: `Your longest run is ${run.longest} ${plural(run.longest, 'day')}, to ${formatDayInYear(run.longestEnd)}.`;
		findings.push({
			id: 'step-streak',
			title: 'Step goal streak',
			text: `${run.current} ${plural(run.current, 'day')} in a row at ${goal} steps or more, up to today. ${longestText}`,
			basis: `n = ${counted} days`,
			enough: counted > 0
		});
	}
	return findings;
}
