import { describe, expect, it } from 'vitest';
import type { HeartRate } from '$lib/api';
import { heartBaseline, heartReadings, heartSummary, type HeartReading } from './heart';

/** A reading on a date, captured at 07:00 UTC of that date unless said otherwise. */
function reading(date: number, bpm: number, tz = 'Europe/Berlin', time?: number): HeartReading {
	const y = Math.floor(date / 10_000);
	const m = Math.floor(date / 100) % 100;
	const d = date % 100;
	return { date, bpm, tz, time: time ?? Date.UTC(y, m - 1, d, 7) / 1000 };
}

function record(date: number, bpm: number | null, time: number, tz: string): HeartRate {
	return {
		xid: `hr-${date}-${time}`,
		title: 'Resting heart rate',
		time_created: time,
		time_updated: time,
		date,
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		resting_heartrate: bpm,
		details: { tz }
	};
}

/** Daily readings from 1 March 2026 for `days` days, bpm given per day. */
function march(values: readonly number[]): HeartReading[] {
	return values.map((bpm, i) => reading(20260301 + i, bpm));
}

describe('heartBaseline', () => {
	it('puts a reading above, within or below the median ± half the IQR of the days before it', () => {
		const week = march([60, 61, 62, 63, 64, 65, 66]);
		// Sorted 60..66: median 63, first quartile 61.5, third 64.5, so the band is 61.5 to 64.5.
		const [above] = heartBaseline([...week, reading(20260308, 70)]).slice(-1);
		expect(above).toMatchObject({ median: 63, low: 61.5, high: 64.5, n: 7, zone: 'above' });
		expect(heartBaseline([...week, reading(20260308, 62)]).at(-1)?.zone).toBe('within');
		expect(heartBaseline([...week, reading(20260308, 61)]).at(-1)?.zone).toBe('below');
	});

	it('calls a reading just over the band a little higher than usual, and only 5 bpm over the median well above', () => {
		const week = march([60, 61, 62, 63, 64, 65, 66]);
		// Band 61.5 to 64.5 around a median of 63: 65 and 67 are over the band by less than 5 bpm
		// over the median, 68 is 5 over it.
		expect(heartBaseline([...week, reading(20260308, 65)]).at(-1)?.zone).toBe('higher');
		expect(heartBaseline([...week, reading(20260308, 67)]).at(-1)?.zone).toBe('higher');
		expect(heartBaseline([...week, reading(20260308, 68)]).at(-1)?.zone).toBe('above');
	});

	it('shows no baseline until seven readings came before', () => {
		const points = heartBaseline(march([60, 61, 62, 63, 64, 65, 66]));
		expect(points.map((p) => p.zone)).toEqual([null, null, null, null, null, null, null]);
		expect(points.at(-1)).toMatchObject({ median: null, low: null, high: null, n: 6 });
	});

	it('leaves out readings older than 28 days', () => {
		// An outlier on 1 March, then 60 bpm daily from 20 to 28 March.
		const readings = [reading(20260301, 120), ...march(Array(28).fill(60)).slice(19)];
		// 29 March looks back to 1 March (28 days before): the outlier counts.
		const withOutlier = heartBaseline([...readings, reading(20260329, 60)]).at(-1);
		expect(withOutlier).toMatchObject({ n: 10, median: 60 });
		// 30 March looks back to 2 March: it does not.
		const without = heartBaseline([...readings, reading(20260330, 60)]).at(-1);
		expect(without).toMatchObject({ n: 9, median: 60, low: 60, high: 60, zone: 'within' });
	});

	it('counts the window in local dates across the spring clock change', () => {
		// Berlin's clocks went forward on 29 March 2026: that day has 23 hours, the window does not care.
		const readings = march(Array.from({ length: 31 }, (_, i) => 60 + (i % 3)));
		const points = heartBaseline(readings);
		const changeDay = points.find((p) => p.date === 20260329);
		expect(changeDay?.n).toBe(28);
		const afterwards = heartBaseline([...readings, reading(20260401, 61)]).at(-1);
		expect(afterwards?.n).toBe(28);
	});
});

describe('heartReadings', () => {
	it('keeps one reading per local date on a travel day, the later capture, and skips empty ones', () => {
		// Flown from Tokyo to Berlin on 10 March: captured at 07:00 in Tokyo and again at 07:00 in Berlin.
		const tokyo = Date.UTC(2026, 2, 9, 22) / 1000;
		const berlin = Date.UTC(2026, 2, 10, 6) / 1000;
		const records = [
			record(20260310, 52, berlin, 'Europe/Berlin'),
			record(20260310, 58, tokyo, 'Asia/Tokyo'),
			record(20260309, 55, tokyo - 86_400, 'Asia/Tokyo'),
			record(20260311, null, berlin + 86_400, 'Europe/Berlin')
		];
		expect(heartReadings(records)).toEqual([
			{ date: 20260309, bpm: 55, time: tokyo - 86_400, tz: 'Asia/Tokyo' },
			{ date: 20260310, bpm: 52, time: berlin, tz: 'Europe/Berlin' }
		]);
	});

	it('judges the day after a skipped date against the calendar days before it', () => {
		// Flying east over the date line skips 12 March: the window still spans 28 calendar days.
		const readings = march(Array(20).fill(58)).filter((r) => r.date !== 20260312);
		const last = heartBaseline([...readings, reading(20260321, 64)]).at(-1);
		expect(last).toMatchObject({ n: 19, median: 58, zone: 'above' });
	});
});

describe('heartSummary', () => {
	it('gives the latest reading, the average, the range and how many fell in each zone', () => {
		const points = heartBaseline([...march([60, 61, 62, 63, 64, 65, 66]), reading(20260308, 70)]);
		const summary = heartSummary(points);
		expect(summary.latest?.bpm).toBe(70);
		expect(summary.average).toBe(63.9);
		expect(summary.lowest).toBe(60);
		expect(summary.highest).toBe(70);
		expect(summary.zones).toEqual({ below: 0, within: 0, higher: 0, above: 1 });
		expect(summary.count).toBe(8);
	});

	it('has nothing to say about no readings', () => {
		expect(heartSummary([])).toMatchObject({ latest: null, average: null, count: 0 });
	});
});
