import { describe, expect, it } from 'vitest';
import type { CardiacEventV10, HeartRate } from '$lib/api';
import { spanCoverage } from '$lib/coverage';
import { readCoverage } from '$lib/coverage/testing/read';
import { addDays } from '$lib/time/zone';
import { heartModel, parseHeartView, pressureRows } from './heart-view';

/** A resting heart rate captured at 07:00 UTC (08:00 in Berlin) of its date. */
function record(date: number, bpm: number | null): HeartRate {
	const time =
		Date.UTC(Math.floor(date / 10_000), (Math.floor(date / 100) % 100) - 1, date % 100, 7) / 1000;
	return {
		xid: `hr-${date}`,
		title: 'Resting heart rate',
		time_created: time,
		time_updated: time,
		date,
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		resting_heartrate: bpm,
		details: { tz: 'Europe/Berlin' }
	};
}

// 60 to 66 bpm from 1 to 7 March, then 70 on Sunday 8 March (today): median 63, band 61.5–64.5.
const TODAY = 20260308;
const RECORDS = [60, 61, 62, 63, 64, 65, 66, 70].map((bpm, i) => record(20260301 + i, bpm));
const PERIOD = { from: 20260301, to: TODAY };

describe('parseHeartView', () => {
	it('reads the span, a month unless the URL names another', () => {
		expect(parseHeartView(new URL('http://x/heart'))).toEqual({ span: 'month' });
		expect(parseHeartView(new URL('http://x/heart?period=year'))).toEqual({ span: 'year' });
		expect(parseHeartView(new URL('http://x/heart?period=decade'))).toEqual({ span: 'month' });
	});
});

describe('heartModel', () => {
	it('states the latest, the average over its readings, the range and the days well above', () => {
		const model = heartModel({
			records: RECORDS,
			coverage: readCoverage(addDays(PERIOD.from, -28), TODAY, TODAY),
			period: PERIOD
		});
		expect(model.points).toHaveLength(8);
		expect(model.figures.map((f) => [f.label, f.value, f.note])).toEqual([
			['Latest', '70 bpm', 'Sun 8 Mar, well above your baseline'],
			['Average', '63.9 bpm', 'over 8 readings'],
			['Lowest – highest', '60 – 70 bpm', null],
			['Days well above your baseline', '1', '0 a little higher, 0 within, 0 below']
		]);
		expect(model.coverage.from).toBe(PERIOD.from);
	});

	it('while the span is still read, says what the figures rest on and holds the range back', () => {
		// Read from 5 March on (Berlin is UTC+1): 1 to 4 March are still on their way.
		const coverage = spanCoverage({
			from: addDays(PERIOD.from, -28),
			to: TODAY,
			today: TODAY,
			tz: 'Europe/Berlin',
			reads: {
				read: [{ start: Date.UTC(2026, 2, 3, 23) / 1000, end: Date.UTC(2026, 2, 8, 9) / 1000 }],
				failed: []
			},
			recorded: RECORDS.slice(4).map((r) => r.date),
			offline: false,
			lastSynced: null
		});
		const model = heartModel({ records: RECORDS.slice(4), coverage, period: PERIOD });
		// 1 to 7 March can count (today is under way): 3 of them are read.
		expect(model.figures.map((f) => [f.label, f.value, f.note])).toEqual([
			['Latest', '70 bpm', 'Sun 8 Mar, no baseline yet'],
			['Average', '66.3 bpm', 'so far: 3 of 7 days'],
			['Lowest – highest', '–', 'shown once every day is read'],
			[
				'Days well above your baseline',
				'0',
				'0 a little higher, 0 within, 0 below · so far: 3 of 7 days'
			]
		]);
	});
});

describe('pressureRows', () => {
	it('lists readings newest first on their own clock, a value not taken as a dash', () => {
		const event = (
			xid: string,
			date: number,
			hour: number,
			systolic: number | null
		): CardiacEventV10 => ({
			xid,
			title: 'Blood pressure',
			time_created: Date.UTC(2026, 2, date % 100, hour) / 1000,
			time_updated: Date.UTC(2026, 2, date % 100, hour) / 1000,
			date,
			systolic,
			diastolic: 80,
			heart_rate: null,
			note: null,
			details: { tz: 'America/New_York' }
		});
		expect(pressureRows([event('a', 20260301, 12, 120), event('b', 20260302, 12, null)])).toEqual([
			{ xid: 'b', date: 'Mon 2 Mar', time: '07:00', pressure: '–/80 mmHg', pulse: '–' },
			{ xid: 'a', date: 'Sun 1 Mar', time: '07:00', pressure: '120/80 mmHg', pulse: '–' }
		]);
	});
});
