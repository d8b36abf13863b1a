// What the Today view says in words: each goal's remainder, and the headline figures against the week.
import type { GoalGauge } from '$lib/metrics/types';
import type { Headline, HeadlineFigures } from '$lib/metrics/summary';
import {
	formatDistance,
	formatDuration,
	formatPercent,
	formatSteps,
	MISSING,
	type UnitSystem
} from '$lib/metrics/units';
import { addDays } from '$lib/time/zone';
import type { Period } from '$lib/views/controls/periods';

/** Days of history the headline average reads (the 7 days before today). */
export const HEADLINE_DAYS = 7;

/** The dates the headline figures need: today and the 7 days before it. */
export function headlineRange(today: number): Period {
	return { from: addDays(today, -HEADLINE_DAYS), to: today };
}

const goalName: Record<GoalGauge['goal'], string> = {
	steps: 'Steps',
	sleep: 'Sleep',
	intake_calories: 'Calories eaten'
};

function amount(value: number, unit: GoalGauge['unit']): string {
	switch (unit) {
		case 'steps':
			return `${formatSteps(value)} steps`;
		case 'seconds':
			return formatDuration(value);
		case 'kcal':
			return `${formatSteps(value)} kcal`;
	}
}

/** One goal's remainder in words, with the raw number kept for tests and tables. */
export interface GoalFigure {
	goal: GoalGauge['goal'];
	name: string;
	/** What the API says is left (negative = exceeded). */
	remaining: number;
	/** "1,551 steps to go", "Exceeded by 25 min", "530 kcal over today’s budget". */
	text: string;
	/** "of 10,000 steps" where the goal has a target. */
	target: string | null;
}

/**
 * The remainders in words. Eating is a budget, not a target to reach: a negative calorie
 * remainder means the day's limit is passed, which is a warning rather than an achievement.
 */
export function goalFigures(gauges: readonly GoalGauge[]): GoalFigure[] {
	return gauges.map((gauge) => {
		const size = amount(Math.abs(gauge.remaining), gauge.unit);
		let text: string;
		if (gauge.goal === 'intake_calories') {
			text = gauge.remaining < 0 ? `${size} over today’s budget` : `${size} left in today’s budget`;
		} else if (gauge.remaining < 0) {
			text = `Exceeded by ${size}`;
		} else if (gauge.remaining === 0) {
			text = 'Goal met';
		} else {
			text = `${size} to go`;
		}
		return {
			goal: gauge.goal,
			name: goalName[gauge.goal],
			remaining: gauge.remaining,
			text,
			target: gauge.target === null ? null : `of ${amount(gauge.target, gauge.unit)}`
		};
	});
}

/** A headline figure as shown: today's value, the 7-day average and the change. */
export interface HeadlineCard {
	id: string;
	label: string;
	value: string;
	average: string;
	/** "+12% vs 7-day average", or null without an average. */
	change: string | null;
	/** Whether today is above (1), below (-1) or level with (0) the average; null when unknown. */
	direction: -1 | 0 | 1 | null;
}

function formatHeadline(headline: Headline, system: UnitSystem): (value: number | null) => string {
	switch (headline.unit) {
		case 'steps':
			return (value) => formatSteps(value);
		case 'seconds':
			return (value) => formatDuration(value);
		case 'm':
			return (value) => formatDistance(value, system);
		default:
			return (value) => (value === null ? MISSING : String(Math.round(value)));
	}
}

function card(headline: Headline, label: string, system: UnitSystem): HeadlineCard {
	const show = formatHeadline(headline, system);
	const days = headline.averageDays;
	return {
		id: headline.id,
		label,
		value: show(headline.value),
		average:
			headline.average === null
				? 'No data in the last 7 days'
				: `${show(headline.average)} average over ${days} day${days === 1 ? '' : 's'}`,
		change:
			headline.deltaPct === null
				? null
				: `${formatPercent(headline.deltaPct / 100, 'en-GB', { signed: true })} vs 7-day average`,
		direction: headline.delta === null ? null : headline.delta > 0 ? 1 : headline.delta < 0 ? -1 : 0
	};
}

/** The four headline cards in the order the page shows them. */
export function headlineCards(figures: HeadlineFigures, system: UnitSystem): HeadlineCard[] {
	return [
		card(figures.steps, 'Steps', system),
		card(figures.activeTime, 'Active time', system),
		card(figures.distance, 'Distance', system),
		card(figures.sleep, 'Last night’s sleep', system)
	];
}
