// Layout of bedtimes: per night a bar from bed to wake on an axis of time around midnight.
import { scaleLinear, type LinearScale } from '../frame/linear-scale';
import { max, min } from 'd3-array';
import { scaleBand } from 'd3-scale';
import type { ScaleBand } from 'd3-scale';
import type { BedtimeNight } from '$lib/metrics/types';
import { clockOfOffset, formatDateInt } from '$lib/time/zone';
import { formatDay, formatDuration } from '$lib/format';
import { round2, barInBand } from '../frame/scales';
import type { ChartTable } from '../frame/table';
import type { DaySlot } from '$lib/metrics/day-slots';
import { slotGaps, withGapRows, type SlotGap } from '../daily-bars/daily-bars';

export interface BedtimeBar {
	index: number;
	dateInt: number;
	nap: boolean;
	x: number;
	x2: number;
	width: number;
	/** Bedtime on the vertical axis (time runs downward). */
	y: number;
	height: number;
	/** Where the falling-asleep marker sits, or null when the moment is unknown. */
	asleepY: number | null;
	night: BedtimeNight;
}

export interface BedtimeLayout {
	x: ScaleBand<number>;
	y: LinearScale;
	bars: BedtimeBar[];
	/** Whole-hour offsets to label, e.g. -10800 (21:00) … 39600 (11:00). */
	hourTicks: number[];
	/** Vertical position of midnight. */
	midnightY: number;
	/** Wake dates of the slots with no night, drawn as labelled gaps. */
	gaps: SlotGap[];
}

/**
 * Nights first, naps after them if shown. The axis spans whole hours around the data (at
 * least 22:00 to 07:00) so a range of early nights still reads as a night. With `slots` (every
 * date of the week or month) each wake date keeps its place: a date without a night is a
 * "no record" gap, a date still to come stays empty.
 */
export function bedtimeLayout(
	nights: readonly BedtimeNight[],
	showNaps: boolean,
	innerWidth: number,
	innerHeight: number,
	slots?: readonly DaySlot[]
): BedtimeLayout {
	const shown = nights.filter((night) => showNaps || !night.nap);
	const dates = slots
		? slots.map((slot) => slot.dateInt)
		: [...new Set(shown.map((night) => night.dateInt))].sort((a, b) => a - b);
	const x = scaleBand<number>().domain(dates).range([0, innerWidth]).padding(0.25);
	const low = Math.min(min(shown, (night) => night.bedtimeOffset) ?? 0, -2 * 3600);
	const high = Math.max(max(shown, (night) => night.wakeOffset) ?? 0, 7 * 3600);
	const first = Math.floor(low / 3600) * 3600;
	const last = Math.ceil(high / 3600) * 3600;
	const y = scaleLinear().domain([first, last]).range([0, innerHeight]);
	const hours = (last - first) / 3600;
	const step = [1, 2, 3, 4, 6].find((s) => (innerHeight / hours) * s >= 20) ?? 6;
	const hourTicks: number[] = [];
	for (let offset = first; offset <= last; offset += 3600) {
		if ((((offset / 3600) % step) + step) % step === 0) hourTicks.push(offset);
	}
	const bars = shown.map((night, index): BedtimeBar => {
		const top = y(night.bedtimeOffset);
		// A nap shares its date's band with the night: draw it narrower so both stay visible.
		const band = x.bandwidth();
		const full = barInBand(x(night.dateInt) ?? 0, band);
		const width = night.nap ? full.width * 0.5 : full.width;
		const left = full.x + (full.width - width) / 2;
		return {
			index,
			dateInt: night.dateInt,
			nap: night.nap,
			x: round2(left),
			x2: round2(left + width),
			width: round2(width),
			y: round2(top),
			height: round2(Math.max(1, y(night.wakeOffset) - top)),
			asleepY: night.asleepOffset === null ? null : round2(y(night.asleepOffset)),
			night
		};
	});
	return {
		x,
		y,
		bars,
		hourTicks,
		midnightY: round2(y(0)),
		gaps: slots ? slotGaps(slots, x) : []
	};
}

export function bedtimeBarLabel(bar: BedtimeBar): string {
	const { night } = bar;
	const kind = night.nap ? 'Nap' : 'Night';
	const asleep = night.asleepOffset === null ? '' : `, asleep ${clockOfOffset(night.asleepOffset)}`;
	return `${kind} ending ${formatDay(night.dateInt)}: bed ${clockOfOffset(night.bedtimeOffset)}${asleep}, woke ${clockOfOffset(night.wakeOffset)}`;
}

/** Clock times by ISO wake date; with `slots`, a row for each date without a night too. */
export function bedtimeTable(
	nights: readonly BedtimeNight[],
	slots?: readonly DaySlot[]
): ChartTable {
	const clock = { unit: 'seconds from midnight', format: clockOfOffset };
	return {
		columns: [
			{ key: 'date', label: 'Wake date' },
			{ key: 'kind', label: 'Kind' },
			{ key: 'bedtime', label: 'Bedtime', ...clock },
			{ key: 'asleep', label: 'Asleep', ...clock },
			{ key: 'wake', label: 'Woke', ...clock },
			{ key: 'inBed', label: 'In bed', unit: 'seconds', format: formatDuration },
			...(slots ? [{ key: 'record', label: 'Record' }] : [])
		],
		rows: withGapRows(
			nights.map((night) => ({
				date: formatDateInt(night.dateInt),
				kind: night.nap ? 'Nap' : 'Night',
				bedtime: night.bedtimeOffset,
				asleep: night.asleepOffset,
				wake: night.wakeOffset,
				inBed: night.wakeOffset - night.bedtimeOffset
			})),
			slots
		)
	};
}
