// Weigh-ins as they were taken, a smoothed weight trend, and the weight goal with its intent.
import type { BodyEvent, BodyWeightIntent, GoalsV11 } from '$lib/api';
import { daysBetween } from '$lib/time/zone';

/** One weigh-in as recorded: weight in kilograms, the other measures where the scale gave them. */
export interface WeighIn {
	xid: string;
	/** Local date of the weigh-in, `YYYYMMDD`. */
	date: number;
	/** Epoch seconds it was recorded. */
	time: number;
	/** The zone it was recorded in, when given (the API allows none for a weigh-in). */
	tz: string | null;
	weightKg: number;
	/** Percent. */
	bodyFat: number | null;
	/** Percent. */
	leanMass: number | null;
	bmi: number | null;
}

/** The weigh-ins among the records (those with a weight), oldest first by date, then by time. */
export function weighIns(records: readonly BodyEvent[]): WeighIn[] {
	return records
		.filter((record) => record.weight !== null && Number.isFinite(record.weight))
		.map((record) => ({
			xid: record.xid,
			date: record.date,
			time: record.time_created,
			tz: record.details.tz,
			weightKg: record.weight ?? 0,
			bodyFat: record.body_fat,
			leanMass: record.lean_mass,
			bmi: record.bmi
		}))
		.sort((a, b) => a.date - b.date || a.time - b.time);
}

/** How many days it takes the trend to move half way to a new weight. */
export const TREND_HALF_LIFE_DAYS = 14;

/** How the trend is made, in words for the page. */
export const TREND_RULE =
	'Trend: an exponentially weighted average of your weigh-ins, each one counting half as much after 14 days.';

/**
 * The days from one weigh-in to the next: by local date (a clock change or a flight does not make
 * a week 6.96 or 7.04 days), and by the clock only for two weigh-ins of the same date.
 */
function daysApart(previous: WeighIn, next: WeighIn): number {
	if (previous.date !== next.date) return daysBetween(previous.date, next.date);
	return Math.max(0, next.time - previous.time) / 86_400;
}

/**
 * The weight trend at each weigh-in: an exponentially weighted moving average for unevenly spaced
 * readings. Each step moves the trend toward the new weight by `1 - 2^(-days / halfLife)`, so a
 * weigh-in after a long gap counts for more than one a day after the last, and the trend never
 * invents values between weigh-ins. The first trend value is the first weight.
 */
export function weightTrend(
	entries: readonly WeighIn[],
	halfLifeDays = TREND_HALF_LIFE_DAYS
): number[] {
	const trend: number[] = [];
	let previous: WeighIn | undefined;
	let level = 0;
	for (const entry of entries) {
		if (previous === undefined) {
			level = entry.weightKg;
		} else {
			const alpha = 1 - 2 ** (-daysApart(previous, entry) / halfLifeDays);
			level += alpha * (entry.weightKg - level);
		}
		trend.push(level);
		previous = entry;
	}
	return trend;
}

export type WeightIntent = 'lose' | 'maintain' | 'gain';

const INTENTS: Record<BodyWeightIntent, WeightIntent> = { 0: 'lose', 1: 'maintain', 2: 'gain' };

export interface WeightGoal {
	/** Kilograms, or null when no weight goal is set. */
	weightKg: number | null;
	intent: WeightIntent | null;
}

/** The weight goal and its intent from the goals record (intent 0 lose, 1 maintain, 2 gain). */
export function weightGoal(
	goals: Pick<GoalsV11, 'body_weight' | 'body_weight_intent'> | null | undefined
): WeightGoal {
	const weight = goals?.body_weight ?? null;
	const code = goals?.body_weight_intent ?? null;
	return {
		weightKg: weight !== null && Number.isFinite(weight) && weight > 0 ? weight : null,
		intent: code === null ? null : INTENTS[code]
	};
}

/**
 * The weight goal as one coherent statement: the target with its aim when there is a target,
 * else the aim alone ("Keep it steady", "No target weight"), never "Not set" beside an aim.
 * `weightText` writes a weight in the person's units.
 */
export function weightGoalText(
	goal: WeightGoal,
	weightText: (kg: number) => string
): { value: string; detail: string } {
	if (goal.weightKg !== null)
		return { value: weightText(goal.weightKg), detail: intentText(goal.intent) };
	switch (goal.intent) {
		case 'maintain':
			return { value: 'Keep it steady', detail: 'No target weight: the aim is to stay as you are' };
		case 'lose':
			return { value: 'Lose weight', detail: 'No target weight set' };
		case 'gain':
			return { value: 'Gain weight', detail: 'No target weight set' };
		case null:
			return { value: 'Not set', detail: 'No target weight and no aim' };
	}
}

/** The goal's intent in words. */
export function intentText(intent: WeightIntent | null): string {
	switch (intent) {
		case 'lose':
			return 'Aiming to lose weight';
		case 'maintain':
			return 'Aiming to keep weight steady';
		case 'gain':
			return 'Aiming to gain weight';
		case null:
			return 'No aim set for weight';
	}
}

/**
 * How the trend moved over the span against the goal's intent: better when it went the way the
 * person wants (down to lose, up to gain, within half a kilogram to maintain).
 */
export function trendVerdict(
	change: number,
	intent: WeightIntent | null
): 'better' | 'worse' | 'neutral' {
	if (intent === null) return 'neutral';
	if (intent === 'maintain') return Math.abs(change) <= 0.5 ? 'better' : 'worse';
	if (Math.abs(change) < 0.05) return 'neutral';
	const down = change < 0;
	return (intent === 'lose') === down ? 'better' : 'worse';
}

/** The latest recorded value of a measure among the weigh-ins, with its date. */
export function latestOf(
	entries: readonly WeighIn[],
	measure: 'bodyFat' | 'leanMass' | 'bmi'
): { value: number; date: number } | null {
	for (let i = entries.length - 1; i >= 0; i--) {
		const entry = entries[i];
		const value = entry?.[measure];
		if (entry && value !== null && value !== undefined && Number.isFinite(value)) {
			return { value, date: entry.date };
		}
	}
	return null;
}
