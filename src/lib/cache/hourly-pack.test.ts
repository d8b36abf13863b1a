import { describe, expect, it } from 'vitest';
import type { Move } from '$lib/api';
import { fixtureDataset } from '$lib/server/reference-api/test-fixture';
import { attachHourly, packHourly } from './hourly-pack';
import type { CachedRecord } from './schema';

const fixture = fixtureDataset();

function rowOf(move: Move): CachedRecord<Move> {
	return { xid: move.xid, date: move.date, fetchedAt: 1, record: move };
}

/** A fixture move with other hourly totals. */
function withTotals(hourly: unknown, xid = 'edge'): CachedRecord<Move> {
	const base = fixture.moves[0]!;
	const record = {
		...base,
		xid,
		details: { ...base.details, hourly_totals: hourly }
	} as Move;
	return rowOf(record);
}

/** What a month row holds once stored and read back: JSON text and a copy of the numbers. */
function storedAndRead(rows: CachedRecord<Move>[]): CachedRecord<Move>[] {
	const packed = packHourly(rows);
	const parsed = JSON.parse(JSON.stringify(packed.rows)) as CachedRecord<Move>[];
	expect(attachHourly(parsed, structuredClone(packed.hourly))).toBe(true);
	return parsed;
}

/** Every value of the hourly totals read, so a lazy property is compared by what it gives. */
function plain<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

describe('packHourly and attachHourly', () => {
	it('give back the moves exactly as they were', () => {
		const rows = fixture.moves.map(rowOf);
		expect(rows.some((row) => Object.keys(row.record.details.hourly_totals).length > 0)).toBe(true);
		expect(plain(storedAndRead(rows))).toEqual(plain(rows));
	});

	it('take the hourly totals out of the JSON, and leave the moves given to them untouched', () => {
		const rows = fixture.moves.map(rowOf);
		const before = plain(rows);
		const packed = packHourly(rows);
		expect(JSON.stringify(packed.rows)).not.toContain('hourly_totals');
		expect(plain(rows)).toEqual(before);
		const hours = rows.reduce(
			(sum, row) => sum + Object.keys(row.record.details.hourly_totals).length,
			0
		);
		// Per move a count, per hour its key and seven fields.
		expect(packed.hourly.byteLength).toBe((rows.length + hours * 8) * 8);
	});

	it('keep nulls, fractions, zeros, large keys and empty totals', () => {
		const hourly = {
			'2026032902': {
				distance: null,
				calories: 12.345678901234567,
				steps: 0,
				active_time: -0,
				inactive_time: 3600,
				longest_active_time: null,
				longest_idle_time: 1e-7
			},
			'2099123123': {
				distance: 1,
				calories: 0.1,
				steps: 2 ** 40,
				active_time: 5,
				inactive_time: 6,
				longest_active_time: 7,
				longest_idle_time: 8
			}
		};
		const [back, empty] = storedAndRead([withTotals(hourly), withTotals({}, 'empty')]);
		expect(back?.record.details.hourly_totals).toEqual(hourly);
		expect(Object.is(back?.record.details.hourly_totals['2026032902']?.active_time, -0)).toBe(true);
		expect(empty?.record.details.hourly_totals).toEqual({});
	});

	it('leave in the JSON totals that numbers cannot hold, with everything in them', () => {
		const extra = {
			'2026032910': {
				distance: 1,
				calories: 2,
				steps: 3,
				active_time: 4,
				inactive_time: 5,
				longest_active_time: 6,
				longest_idle_time: 7,
				heart_rate: 61
			}
		};
		const text = { '2026032910': { ...extra['2026032910'], heart_rate: undefined, steps: '3' } };
		// A key a number would give back without its leading zero.
		const { heart_rate: _extra, ...plainTotal } = extra['2026032910'];
		const zero = { '0026032910': plainTotal };
		const rows = [
			withTotals(extra, 'extra'),
			withTotals(text, 'text'),
			withTotals(zero, 'zero'),
			...fixture.moves.map(rowOf)
		];
		const packed = packHourly(rows);
		expect(JSON.stringify(packed.rows)).toContain('heart_rate');
		expect(JSON.stringify(packed.rows)).toContain('0026032910');
		expect(plain(storedAndRead(rows))).toEqual(plain(rows));
	});

	it('build each move’s totals on first read, as an ordinary property from then on', () => {
		const [row] = storedAndRead([rowOf(fixture.moves[0]!)]);
		const details = row!.record.details;
		const lazy = Object.getOwnPropertyDescriptor(details, 'hourly_totals');
		expect(typeof lazy?.get).toBe('function');
		expect(lazy?.enumerable).toBe(true);
		expect(Object.keys(details)).toContain('hourly_totals');

		const first = details.hourly_totals;
		expect(details.hourly_totals).toBe(first);
		const settled = Object.getOwnPropertyDescriptor(details, 'hourly_totals');
		expect(settled).toMatchObject({ value: first, writable: true, enumerable: true });
	});

	it('let the totals be replaced before they are read, and copy them whole', () => {
		const [replaced, copied] = storedAndRead([rowOf(fixture.moves[0]!), rowOf(fixture.moves[1]!)]);
		replaced!.record.details.hourly_totals = {};
		expect(replaced!.record.details.hourly_totals).toEqual({});
		// Structured clone (an IndexedDB write, postMessage) and spreading read the property.
		const clone = structuredClone(copied!);
		expect(clone.record.details.hourly_totals).toEqual(fixture.moves[1]!.details.hourly_totals);
		const spread = { ...copied!.record.details };
		expect(spread.hourly_totals).toEqual(fixture.moves[1]!.details.hourly_totals);
		// Where the numbers were is not copied along.
		expect(Object.getOwnPropertySymbols(spread)).toEqual([]);
	});

	it('refuse numbers that do not fit the moves', () => {
		const rows = fixture.moves.map(rowOf);
		const packed = packHourly(rows);
		const parse = () => JSON.parse(JSON.stringify(packed.rows)) as CachedRecord<Move>[];
		const numbers = new Float64Array(packed.hourly);
		expect(attachHourly(parse(), numbers.slice(0, numbers.length - 1).buffer)).toBe(false);
		const longer = new Float64Array(numbers.length + 1);
		longer.set(numbers);
		expect(attachHourly(parse(), longer.buffer)).toBe(false);
		expect(attachHourly(parse().slice(1), packed.hourly)).toBe(false);
		const broken = numbers.slice();
		broken[0] = 2.5;
		expect(attachHourly(parse(), broken.buffer)).toBe(false);
		expect(attachHourly([], new ArrayBuffer(0))).toBe(true);
	});
});
