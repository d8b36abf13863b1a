import { describe, expect, it } from 'vitest';
import type { BodyEvent } from '$lib/api';
import { loggedRows, parseBodyView } from './body-view';

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
