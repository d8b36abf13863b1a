// Layout of energy eaten per day: a bar per day with a record (today's hollow), the day's budget as a line across its band.
import { scaleLinear, type LinearScale } from '../frame/linear-scale';
import { max } from 'd3-array';
import { scaleBand } from 'd3-scale';
import type { ScaleBand } from 'd3-scale';
import type { DayEnergy } from '$lib/metrics/food';
import { formatDateInt } from '$lib/time/zone';
import { dayStateWords, formatDay, formatQuantity } from '$lib/format';
import { columnBox, round2 } from '../frame/scales';
import type { ChartTable } from '../frame/table';

export interface IntakeBar {
	index: number;
	day: DayEnergy;
	x: number;
	width: number;
	/** Top of the eaten bar (the baseline when there is no record). */
	y: number;
	height: number;
	/** Centre of the band, for the tooltip and the "no record" mark. */
	cx: number;
	/** The budget line across the band; null when the day has no budget. */
	budgetY: number | null;
	/** Eaten above the day's budget (today's so far already). */
	over: boolean;
}

export interface IntakeLayout {
	x: ScaleBand<number>;
	y: LinearScale;
	bars: IntakeBar[];
	/** The budget as one path of a level step per day, broken where a day has none. */
	budgetPath: string;
}

export function intakeLayout(
	days: readonly DayEnergy[],
	innerWidth: number,
	innerHeight: number
): IntakeLayout {
	const x = scaleBand<number>()
		.domain(days.map((day) => day.dateInt))
		.range([0, innerWidth])
		.padding(0.2);
	const top = max(days, (day) => Math.max(day.eaten ?? 0, day.budget ?? 0)) ?? 0;
	// Head-room above the tallest bar or budget; an empty period still gets a readable axis.
	const y = scaleLinear()
		.domain([0, top > 0 ? top * 1.08 : 2500])
		.nice()
		.range([innerHeight, 0]);
	const step = x.step();
	const bars = days.map((day, index): IntakeBar => ({
		index,
		day,
		...columnBox(x(day.dateInt) ?? 0, x.bandwidth(), y(day.eaten ?? 0), innerHeight),
		budgetY: day.budget === null ? null : round2(y(day.budget)),
		over: day.eaten !== null && day.budget !== null && day.eaten > day.budget
	}));
	// Each budget spans its whole step (the band and half the gap either side), so consecutive
	// days join into one stepped line.
	let budgetPath = '';
	let previous: IntakeBar | null = null;
	for (const bar of bars) {
		if (bar.budgetY === null) {
			previous = null;
			continue;
		}
		const from = round2(Math.max(0, bar.cx - step / 2));
		const to = round2(Math.min(innerWidth, bar.cx + step / 2));
		budgetPath += previous === null ? `M${from},${bar.budgetY}H${to}` : `V${bar.budgetY}H${to}`;
		previous = bar;
	}
	return { x, y, bars, budgetPath };
}

/** What a day says to a screen reader and in its tooltip's first line. */
export function intakeLabel(day: DayEnergy): string {
	const budget = day.budget === null ? '' : `, budget ${formatQuantity(day.budget, 'kcal')}`;
	const burned = day.burned === null ? '' : `, burned ${formatQuantity(day.burned, 'kcal')}`;
	const date = formatDay(day.dateInt);
	switch (day.state) {
		case 'future':
			return `${date}: not yet`;
		case 'unread':
		case 'failed':
			return `${date}: ${dayStateWords(day.state)}`;
		case 'underway': {
			const eaten =
				day.eaten === null
					? 'nothing logged yet'
					: `${formatQuantity(day.eaten, 'kcal')} eaten so far`;
			return `${date}: under way, ${eaten}${budget}${burned}`;
		}
		default: {
			const eaten = day.eaten === null ? 'no record' : `${formatQuantity(day.eaten, 'kcal')} eaten`;
			return `${date}: ${eaten}${budget}${burned}`;
		}
	}
}

/** The tooltip's line under the date: what was eaten, or the day's state in words. */
export function intakeTooltipLine(day: DayEnergy): string {
	if (day.state === 'underway') {
		return day.eaten === null
			? 'Under way: nothing logged yet'
			: `Under way: ${formatQuantity(day.eaten, 'kcal')} eaten so far`;
	}
	if (day.eaten !== null) return `${formatQuantity(day.eaten, 'kcal')} eaten`;
	return upperFirst(dayStateWords(day.state) || 'no record');
}

function upperFirst(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Every day of the period with its state in words (`recorded`, `under way`, `no record`, `not
 * yet`, …), so the table and the CSV name the same gaps as the chart.
 */
export function intakeTable(days: readonly DayEnergy[]): ChartTable {
	const kcal = (value: number) => formatQuantity(value, 'kcal');
	return {
		columns: [
			{ key: 'date', label: 'Date' },
			{ key: 'eaten', label: 'Eaten', unit: 'kcal', format: kcal },
			{ key: 'record', label: 'Record' },
			{ key: 'budget', label: 'Budget', unit: 'kcal', format: kcal },
			{ key: 'burned', label: 'Total burned', unit: 'kcal', format: kcal }
		],
		rows: days.map((day) => ({
			date: formatDateInt(day.dateInt),
			eaten: day.eaten === null ? null : Math.round(day.eaten),
			record: dayStateWords(day.state) || 'recorded',
			budget: day.budget === null ? null : Math.round(day.budget),
			burned: day.burned === null ? null : Math.round(day.burned)
		}))
	};
}
