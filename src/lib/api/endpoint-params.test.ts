import { describe, expect, it } from 'vitest';
import { findEndpoint, type ParamSpec } from './endpoints';
import { checkControl, isCalendarDate, jsonDeeperThan, validateParams } from './endpoint-params';

// The backtracking float pattern took 25.7 s on a 64 KiB field; a linear check takes a few ms. A
// second leaves a loaded machine room and still fails the backtracking pattern 25 times over.
const LINEAR_CHECK_MS = 1000;

function paramsOf(id: string, version: 'v.1.0' | 'v.1.1' = 'v.1.1'): readonly ParamSpec[] {
	const endpoint = findEndpoint(id, version);
	if (endpoint === undefined) throw new Error(`no endpoint ${id}`);
	return endpoint.body?.params ?? endpoint.query;
}

/** The validating server's clock in these tests: 2026-03-30T18:00:00Z. */
const NOW_SEC = 1_774_893_600;

function check(id: string, input: Record<string, string>, version: 'v.1.0' | 'v.1.1' = 'v.1.1') {
	return validateParams(paramsOf(id, version), new URLSearchParams(input), { nowSec: NOW_SEC });
}

describe('validateParams', () => {
	it('accepts a valid list query and returns its values', () => {
		expect(check('workouts.list', { date: '20240229', limit: '100' })).toEqual({
			ok: true,
			values: { date: '20240229', limit: '100' }
		});
	});

	it('rejects dates that are not real calendar dates', () => {
		for (const bad of ['20230229', '20241301', '20240100', '2024-01-01', '2024011', '']) {
			const result = check('moves.list', { date: bad });
			expect(result, bad).toMatchObject({ ok: false, field: 'date' });
		}
		expect(isCalendarDate('20000229')).toBe(true);
		expect(isCalendarDate('19000229')).toBe(false);
	});

	it('rejects negative, fractional and millisecond epochs', () => {
		for (const bad of ['-1', '1.5', 'abc', '1774893600000']) {
			expect(check('moves.list', { start_time: bad }), bad).toMatchObject({
				ok: false,
				field: 'start_time'
			});
		}
		expect(check('moves.list', { start_time: '0' }).ok).toBe(true);
	});

	it('keeps limit within 1..100', () => {
		expect(check('workouts.list', { limit: '0' })).toMatchObject({ ok: false, field: 'limit' });
		expect(check('workouts.list', { limit: '101' })).toMatchObject({ ok: false, field: 'limit' });
		expect(check('workouts.list', { limit: '1' }).ok).toBe(true);
	});

	it('rejects limit on lists that do not take it', () => {
		expect(check('moves.list', { limit: '5' })).toEqual({
			ok: false,
			field: 'limit',
			reason: 'is not a known parameter'
		});
	});

	it('requires page_token to be an integer', () => {
		expect(check('moves.list', { page_token: 'abc' })).toMatchObject({ field: 'page_token' });
		expect(check('moves.list', { page_token: '1774893600' }).ok).toBe(true);
	});

	it('rejects unknown and repeated parameters', () => {
		expect(check('moves.list', { color: 'red' })).toMatchObject({ ok: false, field: 'color' });
		const repeated = new URLSearchParams('date=20240101&date=20240102');
		expect(validateParams(paramsOf('moves.list'), repeated)).toMatchObject({
			ok: false,
			field: 'date',
			reason: 'is given more than once'
		});
	});

	it('requires num_buckets in v.1.1 and keeps it within 1..100', () => {
		expect(check('trends.get', {})).toEqual({
			ok: false,
			field: 'num_buckets',
			reason: 'is required'
		});
		expect(check('trends.get', { num_buckets: '101' })).toMatchObject({ field: 'num_buckets' });
		expect(check('trends.get', { num_buckets: '0' })).toMatchObject({ field: 'num_buckets' });
		expect(check('trends.get', { num_buckets: '100', bucket_size: 'w' }).ok).toBe(true);
	});

	it('checks bucket_size, range and range_duration in v.1.0', () => {
		expect(check('trends.get', { bucket_size: 'h' }, 'v.1.0')).toMatchObject({
			field: 'bucket_size'
		});
		expect(check('trends.get', { range: 'x' }, 'v.1.0')).toMatchObject({ field: 'range' });
		expect(check('trends.get', { range_duration: '101' }, 'v.1.0')).toMatchObject({
			field: 'range_duration'
		});
		expect(check('trends.get', { num_buckets: '5' }, 'v.1.0')).toMatchObject({
			field: 'num_buckets'
		});
		expect(check('trends.get', { range: 'm', range_duration: '12' }, 'v.1.0').ok).toBe(true);
	});

	it('limits the lengths of a custom event title, verb and note', () => {
		const ok = { title: 't'.repeat(255), verb: 'v'.repeat(34), note: 'n'.repeat(512) };
		expect(check('generic_events.create', ok).ok).toBe(true);
		expect(check('generic_events.create', { ...ok, title: 't'.repeat(256) })).toMatchObject({
			field: 'title'
		});
		expect(check('generic_events.create', { ...ok, verb: 'v'.repeat(35) })).toMatchObject({
			field: 'verb'
		});
		expect(check('generic_events.create', { ...ok, note: 'n'.repeat(513) })).toMatchObject({
			field: 'note'
		});
	});

	it('refuses share on v.1.0 custom events only', () => {
		expect(check('generic_events.create', { title: 'a', share: 'true' }).ok).toBe(true);
		expect(check('generic_events.create', { title: 'a', share: 'true' }, 'v.1.0')).toMatchObject({
			field: 'share'
		});
	});

	it('requires JSON where JSON is expected', () => {
		expect(check('generic_events.create', { title: 'a', attributes: '{"k":1}' }).ok).toBe(true);
		expect(check('generic_events.create', { title: 'a', attributes: '{k' })).toMatchObject({
			field: 'attributes'
		});
		expect(check('meals.create', { items: '42' })).toMatchObject({ field: 'items' });
	});

	it('validates sleep ticks', () => {
		const base = { time_created: '1774850000', time_completed: '1774858000' };
		const good = JSON.stringify([
			{ depth: 2, time: 1774850200 },
			{ depth: 3, time: 1774852000 }
		]);
		expect(check('sleeps.create', { ...base, ticks: good }).ok).toBe(true);
		for (const bad of [
			'[{"depth":4,"time":1200}]',
			'[{"depth":2}]',
			'[{"depth":2,"time":3000},{"depth":1,"time":2000}]',
			'{"depth":2}'
		]) {
			expect(check('sleeps.create', { ...base, ticks: bad }), bad).toMatchObject({
				field: 'ticks'
			});
		}
	});

	it('requires the fields the specification marks required', () => {
		expect(check('workouts.create', {})).toMatchObject({ field: 'time_created' });
		expect(check('workouts.update', {}).ok).toBe(true);
		expect(check('body_events.create', { title: 'x' })).toMatchObject({ field: 'weight' });
	});

	it('checks ranges of floats and enums of goals', () => {
		const time_created = '1774850000';
		expect(check('workouts.create', { time_created, place_lat: '91' })).toMatchObject({
			field: 'place_lat'
		});
		expect(check('workouts.create', { time_created, intensity: '6' })).toMatchObject({
			field: 'intensity'
		});
		expect(check('goals.update', { body_weight_intent: 'gain', body_weight: '72.5' }).ok).toBe(
			true
		);
		expect(check('goals.update', { body_weight_intent: '3' })).toMatchObject({
			field: 'body_weight_intent'
		});
		// The goals write is v.1.1 only: v.1.0 has no entry for it at all.
		expect(findEndpoint('goals.update', 'v.1.0')).toBeUndefined();
	});

	it('accepts a Map as input', () => {
		const input = new Map([['weight', '70.2']]);
		expect(validateParams(paramsOf('body_events.create'), input)).toEqual({
			ok: true,
			values: { weight: '70.2' }
		});
	});

	it('checks booleans', () => {
		expect(check('body_events.create', { weight: '70', share: 'TRUE' }).ok).toBe(true);
		expect(check('body_events.create', { weight: '70', share: 'yes' })).toMatchObject({
			field: 'share'
		});
	});
});

/** JSON text of `levels` objects nested in one another: {"a":{"a":…1…}}. */
const nestedObject = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('validateParams on hostile input', () => {
	it('refuses a 64 KiB field of digits ending in x at once, naming the field', () => {
		const hostile = '1'.repeat(64 * 1024) + 'x';
		const started = performance.now();
		const result = check('body_events.create', { weight: hostile });
		const elapsed = performance.now() - started;
		expect(result).toMatchObject({ ok: false, field: 'weight' });
		expect(elapsed).toBeLessThan(LINEAR_CHECK_MS);
	});

	it('refuses number fields longer than 32 characters before any pattern runs', () => {
		// 1.5 written in 33 characters: a valid number, but longer than a client ever writes one.
		expect(check('body_events.create', { weight: '0'.repeat(30) + '1.5' })).toMatchObject({
			ok: false,
			field: 'weight',
			reason: 'must be a number of at most 32 characters'
		});
		expect(check('body_events.create', { weight: '0'.repeat(29) + '1.5' }).ok).toBe(true);
		expect(check('workouts.list', { limit: '0'.repeat(40) + '5' })).toMatchObject({
			field: 'limit'
		});
		expect(check('moves.list', { start_time: '0'.repeat(40) })).toMatchObject({
			field: 'start_time'
		});
	});

	it('takes linear time on every kind of field, however long the value', () => {
		const long = '1'.repeat(64 * 1024) + 'x';
		const started = performance.now();
		for (const [id, field] of [
			['body_events.create', 'weight'],
			['body_events.create', 'time_created'],
			['workouts.create', 'sub_type'],
			['workouts.create', 'place_name'],
			['workouts.create', 'share'],
			['moves.list', 'date'],
			['mood.create', 'sub_type'],
			['generic_events.create', 'attributes'],
			['sleeps.create', 'ticks']
		] as const) {
			expect(check(id, { [field]: long }), field).toMatchObject({ ok: false, field });
		}
		expect(performance.now() - started).toBeLessThan(LINEAR_CHECK_MS);
	});

	it('refuses JSON nested deeper than 32 levels and accepts 32', () => {
		expect(check('generic_events.create', { title: 'a', attributes: nestedObject(32) }).ok).toBe(
			true
		);
		expect(check('generic_events.create', { title: 'a', attributes: nestedObject(33) })).toEqual({
			ok: false,
			field: 'attributes',
			reason: 'must not nest arrays and objects more than 32 levels deep'
		});
		expect(check('meals.create', { items: '['.repeat(33) + ']'.repeat(33) })).toMatchObject({
			field: 'items'
		});
		expect(check('sleeps.create', { ticks: '['.repeat(40) + ']'.repeat(40) })).toMatchObject({
			field: 'ticks'
		});
	});

	it('counts only brackets outside strings, escaped quotes included', () => {
		const inString = JSON.stringify({ text: '[[[[{{{{"\\'.repeat(20) });
		expect(jsonDeeperThan(inString, 1)).toBe(false);
		expect(check('generic_events.create', { title: 'a', attributes: inString }).ok).toBe(true);
		expect(jsonDeeperThan('[[]]', 1)).toBe(true);
		expect(jsonDeeperThan('[[]]', 2)).toBe(false);
	});

	it('measures the depth of 100 000 levels without recursing', () => {
		const deep = '['.repeat(100_000) + ']'.repeat(100_000);
		expect(jsonDeeperThan(deep, 32)).toBe(true);
	});

	it('refuses JSON fields longer than their field allows', () => {
		const attributes = JSON.stringify({ text: 'x'.repeat(16 * 1024) });
		expect(check('generic_events.create', { title: 'a', attributes })).toMatchObject({
			field: 'attributes',
			reason: 'must be at most 16384 characters of JSON'
		});
		const item = { name: 'Soup', description: 'd'.repeat(1000) };
		const items = JSON.stringify(Array.from({ length: 140 }, () => item));
		expect(check('meals.create', { items })).toMatchObject({ field: 'items' });
		const fewer = JSON.stringify(Array.from({ length: 100 }, () => item));
		expect(check('meals.create', { items: fewer }).ok).toBe(true);
	});

	it('refuses control characters in any field, and line breaks where the caller says so', () => {
		const input = new URLSearchParams({ title: 'Lunch', place_name: 'Home\u0000' });
		expect(validateParams(paramsOf('meals.create'), input)).toEqual({
			ok: false,
			field: 'place_name',
			reason: 'contains control characters'
		});
		const note = new URLSearchParams({ title: 'Lunch', note: 'first line\nsecond line' });
		expect(validateParams(paramsOf('meals.create'), note).ok).toBe(true);
		expect(validateParams(paramsOf('meals.create'), note, { lineBreaks: false })).toEqual({
			ok: false,
			field: 'note',
			reason: 'contains control characters'
		});
		const name = new URLSearchParams([['we\u0007ight', '70']]);
		expect(validateParams(paramsOf('meals.create'), name)).toMatchObject({
			field: '(unprintable name)'
		});
		expect(checkControl(new URLSearchParams({ a: 'ok', b: 'bell\u0007' }), true)).toBe('b');
		expect(checkControl(new URLSearchParams({ a: 'x\ty' }), false)).toBe('a');
		expect(checkControl(new URLSearchParams({ a: 'x\ty' }), true)).toBeNull();
	});

	it('keeps written times between 2000-01-01 and a day after now, and list filters from 0', () => {
		for (const [time, ok] of [
			['0', false],
			['946684799', false],
			['946684800', true],
			[String(NOW_SEC + 86_400), true],
			[String(NOW_SEC + 86_401), false],
			['4102444800', false]
		] as const) {
			const result = check('body_events.create', { weight: '70', time_created: time });
			expect(result.ok, time).toBe(ok);
			if (!result.ok) expect(result.field).toBe('time_created');
		}
		expect(check('moves.list', { start_time: '0', end_time: '4102444800' }).ok).toBe(true);
	});

	it('refuses a sleep from 1970 to 2100, one longer than a day, and one that ends before it starts', () => {
		const start = NOW_SEC - 90_000;
		const sleep = (from: number, to: number) =>
			check('sleeps.create', { time_created: String(from), time_completed: String(to) });
		expect(sleep(0, 4_102_444_800)).toMatchObject({ ok: false, field: 'time_created' });
		expect(sleep(start, 4_102_444_800)).toMatchObject({ ok: false, field: 'time_completed' });
		expect(sleep(start, start + 86_400).ok).toBe(true);
		expect(sleep(start, start + 86_401)).toEqual({
			ok: false,
			field: 'time_completed',
			reason: 'must be at most 86400 seconds after time_created'
		});
		expect(sleep(start, start - 1)).toMatchObject({ ok: false, field: 'time_completed' });
		const workout = { time_created: String(start), time_completed: String(start + 86_401) };
		expect(check('workouts.create', workout)).toMatchObject({ field: 'time_completed' });
	});
});
