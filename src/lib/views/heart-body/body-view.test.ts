import { describe, expect, it } from 'vitest';
import type { BodyEvent } from '$lib/api';
import { spanCoverage } from '$lib/coverage';
import { readCoverage } from '$lib/coverage/testing/read';
import { addDays } from '$lib/time/zone';
import { bodyModel, loggedRows, parseBodyView } from './body-view';

function weighIn(xid: string, time: number, weight: number, tz: string): BodyEvent {
	return {
		xid,
		title: 'Weight',
		type: 'body',
		time_created: time,
		time_updated: time,
		date: 20260330,
		place_lat: null,
		place_lon: null,
		place_acc: null,
		place_name: null,
		lean_mass: null,
		weight,
		body_fat: xid === 'b' ? 22.5 : null,
		bmi: null,
		details: { tz }
	};
}

describe('parseBodyView', () => {
	it('reads the span and measure, falling back on the defaults', () => {
		expect(parseBodyView(new URL('http://x/body'))).toEqual({
			span: 'quarter',
			measure: 'bodyFat'
		});
		expect(parseBodyView(new URL('http://x/body?period=year&measure=bmi'))).toEqual({
			span: 'year',
			measure: 'bmi'
		});
		expect(parseBodyView(new URL('http://x/body?period=week&measure=x'))).toEqual({
			span: 'quarter',
			measure: 'bodyFat'
		});
	});
});

describe('loggedRows', () => {
	// 05:15 UTC on 30 March 2026: 07:15 in Berlin, 01:15 in New York.
	const early = Date.UTC(2026, 2, 30, 5, 15) / 1000;
	const records = [
		weighIn('a', early, 63.8, 'Europe/Berlin'),
		weighIn('b', early + 3600, 64, 'America/New_York'),
		weighIn('band', early + 7200, 64.2, 'Europe/Berlin')
	];

	it('lists only the weigh-ins the dashboard logged, newest first, each on its own clock', () => {
		expect(loggedRows(records, ['a', 'b'], 'metric')).toEqual([
			{
				xid: 'b',
				date: 20260330,
				when: 'Mon 30 Mar, 02:15',
				weight: '64.0 kg',
				bodyFat: '22.5%',
				removeLabel: 'Remove the weigh-in of 64.0 kg on Mon 30 Mar, 02:15'
			},
			{
				xid: 'a',
				date: 20260330,
				when: 'Mon 30 Mar, 07:15',
				weight: '63.8 kg',
				bodyFat: null,
				removeLabel: 'Remove the weigh-in of 63.8 kg on Mon 30 Mar, 07:15'
			}
		]);
	});

	it('gives the weight in pounds for imperial units', () => {
		// 63.8 / 0.45359237 = 140.66 lb.
		expect(loggedRows(records, ['a'], 'imperial')[0]?.weight).toBe('140.7 lb');
	});
});

describe('bodyModel', () => {
	/** A Sunday weigh-in at 07:00 in Berlin (06:00 UTC in winter). */
	function sunday(date: number, weight: number, composition?: [number, number, number]): BodyEvent {
		const time =
			Date.UTC(Math.floor(date / 10_000), (Math.floor(date / 100) % 100) - 1, date % 100, 6) / 1000;
		return {
			xid: `w-${date}`,
			title: 'Weight',
			type: 'body',
			time_created: time,
			time_updated: time,
			date,
			place_lat: null,
			place_lon: null,
			place_acc: null,
			place_name: null,
			weight,
			body_fat: composition?.[0] ?? null,
			lean_mass: composition?.[1] ?? null,
			bmi: composition?.[2] ?? null,
			details: { tz: 'Europe/Berlin' }
		};
	}
	const records = [
		sunday(20260201, 71.4),
		sunday(20260208, 71.0),
		sunday(20260215, 70.6, [28, 72, 24.4])
	];
	const period = { from: 20260201, to: 20260215 };
	const goal = { weightKg: 68, intent: 'lose' as const };

	it('states the latest weigh-in, the trend’s move against the aim, the goal and the composition', () => {
		// Trend: 71.4, then 7 days on 29.3 % of the way to 71.0 (71.28), then to 70.6 (71.08).
		const model = bodyModel({
			records,
			coverage: readCoverage(addDays(period.from, -91), period.to, period.to),
			period,
			measure: 'bodyFat',
			system: 'metric',
			goal
		});
		expect(model.figures.map((f) => [f.label, f.value, f.note])).toEqual([
			['Latest weigh-in', '70.6 kg', 'Sun 15 Feb, trend 71.1 kg'],
			['Trend over the span', 'down 0.3 kg', 'the way you aim'],
			['Weight goal', '68.0 kg', 'Aiming to lose weight'],
			['Body fat', '28.0%', 'Sun 15 Feb'],
			['Lean mass', '72.0%', 'Sun 15 Feb'],
			['BMI', '24.4', 'Sun 15 Feb']
		]);
		expect(model.subtitle).toBe('1 Feb – 15 Feb 2026 · 3 weigh-ins');
		expect(model.goal).toBe(68);
		expect(model.empty).toBe(false);
		expect(model.compositionEmpty).toBe('No body fat recorded in this span.');
	});

	it('states a goal with no target weight as its aim, never "Not set" beside an aim', () => {
		const model = bodyModel({
			records,
			coverage: readCoverage(addDays(period.from, -91), period.to, period.to),
			period,
			measure: 'bodyFat',
			system: 'metric',
			goal: { weightKg: null, intent: 'maintain' }
		});
		expect(model.figures.find((f) => f.label === 'Weight goal')).toMatchObject({
			value: 'Keep it steady',
			note: 'No target weight: the aim is to stay as you are'
		});
		expect(model.goal).toBe(null);
	});

	it('says what the trend rests on while the span is still read', () => {
		// Read from 8 February on: the first week is still on its way.
		const coverage = spanCoverage({
			from: addDays(period.from, -91),
			to: period.to,
			today: period.to,
			tz: 'Europe/Berlin',
			reads: {
				read: [{ start: Date.UTC(2026, 1, 6, 23) / 1000, end: Date.UTC(2026, 1, 15, 9) / 1000 }],
				failed: []
			},
			recorded: [20260208, 20260215],
			offline: false,
			lastSynced: null
		});
		const model = bodyModel({
			records: records.slice(1),
			coverage,
			period,
			measure: 'bmi',
			system: 'metric',
			goal
		});
		// 1 to 14 February can count (the 15th is today): 7 of them, the 8th on, are read.
		expect(model.figures[1]).toEqual({
			label: 'Trend over the span',
			value: 'down 0.1 kg',
			note: 'so far: 7 of 14 days · the way you aim'
		});
		expect(model.compositionUnit).toBe('');
	});
});
