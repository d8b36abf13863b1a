// Layout of the workout volume chart: one fixed slot per week or month, a bar where there was
// training, an empty slot where there was none, and the unfinished period drawn apart.
import type { LinearScale } from '../frame/linear-scale';
import { max, range } from 'd3-array';
import { scaleBand } from 'd3-scale';
import type { ScaleBand } from 'd3-scale';
import type { UnitSystem } from '$lib/metrics/units';
import { volumeOf, type VolumeMeasure, type VolumeSlot } from '$lib/metrics/workouts';
import { formatDateInt } from '$lib/time/zone';
import type { LabelledTick } from '../frame/axis-ticks';
import {
	MONTHS,
	WEEKDAYS,
	formatDuration,
	formatInteger,
	formatMonth,
	formatShortDay,
	plural
} from '$lib/format';
import { columnBox, dateIntToUtcMs, zeroBasedAxis } from '../frame/scales';
import type { ChartTable } from '../frame/table';

export type VolumePeriod = 'week' | 'month';

export const volumeMeasureLabel: Record<VolumeMeasure, string> = {
	time: 'Time',
	distance: 'Distance',
	calories: 'Calories'
};

/** The unit a measure is drawn in: seconds (a duration axis), km or mi, kcal. */
export function volumeUnit(measure: VolumeMeasure, system: UnitSystem): string {
	if (measure === 'time') return 'seconds';
	if (measure === 'calories') return 'kcal';
	return system === 'imperial' ? 'mi' : 'km';
}

/** A slot's amount in the unit `volumeUnit` names. */
export function volumeValue(slot: VolumeSlot, measure: VolumeMeasure, system: UnitSystem): number {
	const value = volumeOf(slot, measure);
	if (measure !== 'distance') return value;
	return system === 'imperial' ? value / 1609.344 : value / 1000;
}

/** A volume as people read it: `3 h 05 min`, `42.3 km`, `1,250 kcal`. */
export function formatVolume(value: number, unit: string): string {
	if (unit === 'seconds') return formatDuration(value);
	if (unit === 'kcal') return `${formatInteger(value)} kcal`;
	return `${value.toFixed(1)} ${unit}`;
}

export interface VolumeBar {
	index: number;
	slot: VolumeSlot;
	value: number;
	x: number;
	cx: number;
	width: number;
	y: number;
	height: number;
}

export interface VolumeBarsLayout {
	x: ScaleBand<number>;
	y: LinearScale;
	bars: VolumeBar[];
	/** Tick values for the value axis (whole minutes or hours for time), or null to let d3 choose. */
	yTicks: number[] | null;
}

/**
 * One band per slot in order, whether or not it holds workouts, so an idle week is a visible
 * gap. An all-zero span keeps a single 0 tick rather than inventing a 0–1 axis.
 */
export function volumeBarsLayout(
	slots: readonly VolumeSlot[],
	measure: VolumeMeasure,
	system: UnitSystem,
	innerWidth: number,
	innerHeight: number
): VolumeBarsLayout {
	const x = scaleBand<number>()
		.domain(range(slots.length))
		.range([0, innerWidth])
		.padding(slots.length > 40 ? 0.12 : 0.25);
	const values = slots.map((slot) => volumeValue(slot, measure, system));
	const { y, yTicks } = zeroBasedAxis(max(values) ?? 0, measure === 'time', innerHeight);
	const bars = slots.map((slot, index): VolumeBar => {
		const value = values[index] ?? 0;
		return {
			index,
			slot,
			value,
			...columnBox(x(index) ?? 0, x.bandwidth(), y(value), innerHeight)
		};
	});
	return { x, y, bars, yTicks };
}

/**
 * Labels under the slots, at most `maxTicks`: a week reads its first day (`Mon 30`, as every week
 * tick does) with the month
 * under it wherever the month changes (and the year under the first and each new year); a month
 * reads `Mar` with the year under the first and each January. Values are slot indexes.
 */
export function volumeTicks(
	slots: readonly VolumeSlot[],
	period: VolumePeriod,
	maxTicks: number
): LabelledTick[] {
	const every = Math.max(1, Math.ceil(slots.length / Math.max(1, Math.floor(maxTicks))));
	let previousMonth = '';
	let previousYear = '';
	const ticks: LabelledTick[] = [];
	slots.forEach((slot, index) => {
		if (index % every !== 0) return;
		const date = new Date(dateIntToUtcMs(slot.start));
		const month = MONTHS[date.getUTCMonth()] ?? '';
		const year = String(date.getUTCFullYear());
		const yearChanged = year !== previousYear;
		let context: string | undefined;
		if (period === 'week') {
			// The year only where it changes: `Jan 2026` then `Feb` fits under narrow weeks.
			if (month !== previousMonth || yearChanged)
				context = yearChanged ? `${month} ${year}` : month;
		} else if (yearChanged) {
			context = year;
		}
		const label =
			period === 'week' ? `${WEEKDAYS[date.getUTCDay()] ?? ''} ${date.getUTCDate()}` : month;
		ticks.push(context === undefined ? { value: index, label } : { value: index, label, context });
		previousMonth = month;
		previousYear = year;
	});
	return ticks;
}

/** How a slot is named: `Week of 30 Mar` or `Mar 2026`. */
export function slotName(slot: VolumeSlot, period: VolumePeriod): string {
	return period === 'week' ? `Week of ${formatShortDay(slot.start)}` : formatMonth(slot.start);
}

/** The sentence a screen reader hears for one slot. */
export function volumeBarLabel(bar: VolumeBar, period: VolumePeriod, unit: string): string {
	const name = slotName(bar.slot, period);
	const partial = bar.slot.partial ? ' (so far)' : '';
	if (bar.slot.count === 0) return `${name}${partial}: no workouts`;
	const count = `${bar.slot.count} ${plural(bar.slot.count, 'workout')}`;
	return `${name}${partial}: ${formatVolume(bar.value, unit)}, ${count}`;
}

/** Every slot, idle ones included, with all three measures; CSV gets ISO dates and plain units. */
export function volumeTable(
	slots: readonly VolumeSlot[],
	period: VolumePeriod,
	system: UnitSystem
): ChartTable {
	const distanceUnit = volumeUnit('distance', system);
	return {
		columns: [
			{ key: 'start', label: period === 'week' ? 'Week from' : 'Month from' },
			{ key: 'count', label: 'Workouts' },
			{ key: 'time', label: 'Time', unit: 'seconds', format: formatDuration },
			{
				key: 'distance',
				label: 'Distance',
				unit: distanceUnit,
				format: (value) => formatVolume(value, distanceUnit)
			},
			{ key: 'calories', label: 'Calories', unit: 'kcal', format: formatInteger },
			{ key: 'partial', label: 'Complete' }
		],
		rows: slots.map((slot) => ({
			start: formatDateInt(slot.start),
			count: slot.count,
			time: slot.time,
			distance: Math.round(volumeValue(slot, 'distance', system) * 100) / 100,
			calories: Math.round(slot.calories),
			partial: slot.partial ? 'no, so far' : 'yes'
		}))
	};
}
