import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { collectionSchema, envelopeSchema } from './envelope';
import { moveDstDay, moveTravelDay, okResponse, workoutRun } from './testing';
import { ApiSchemaError, formatFieldPath, parseApiPayload } from './parse';
import { moveSchema, workoutSchema } from './records';

const moveList = envelopeSchema(collectionSchema(moveSchema));
const where = { record: 'move', path: '/users/@me/moves' };

/** A list of four moves where the fourth one's steps arrive as a string. */
function movesWithStringSteps(): unknown {
	const broken = { ...moveDstDay, details: { ...moveDstDay.details, steps: '13360' } };
	return okResponse({ items: [moveDstDay, moveTravelDay, moveDstDay, broken], size: 4 });
}

function failureOf(result: ReturnType<typeof parseApiPayload>): ApiSchemaError {
	if (result.ok) throw new Error('expected the payload to be rejected');
	return result.error;
}

describe('parseApiPayload', () => {
	it('returns the parsed value of a payload that matches the schema', () => {
		const result = parseApiPayload(moveList, okResponse({ items: [moveDstDay], size: 1 }), where);
		expect(result.ok).toBe(true);
		if (!result.ok) return;
		expect(result.value.data.items[0]?.xid).toBe(moveDstDay.xid);
	});

	it('names record, request path and field in the message of a rejected payload', () => {
		const error = failureOf(parseApiPayload(moveList, movesWithStringSteps(), where));
		expect(error).toBeInstanceOf(ApiSchemaError);
		expect(error).toBeInstanceOf(Error);
		expect(error.name).toBe('ApiSchemaError');
		expect(error.record).toBe('move');
		expect(error.path).toBe('/users/@me/moves');
		expect(error.issues).toEqual([
			{ field: 'data.items[3].details.steps', message: 'expected number, got string' }
		]);
		expect(error.message).toBe(
			'move at /users/@me/moves: data.items[3].details.steps: expected number, got string'
		);
	});

	it('says a required field is missing', () => {
		const { xid: _xid, ...withoutXid } = workoutRun;
		const error = failureOf(
			parseApiPayload(workoutSchema, withoutXid, { record: 'workout', path: '/workouts/x' })
		);
		expect(error.issues).toEqual([
			{ field: 'xid', message: 'expected string, got nothing (field missing)' }
		]);
	});

	it('shows the offending value of a non-integer int field', () => {
		const payload = { ...workoutRun, details: { ...workoutRun.details, calories: 512.5 } };
		const error = failureOf(parseApiPayload(workoutSchema, payload, where));
		expect(error.issues).toEqual([
			{ field: 'details.calories', message: 'expected int, got 512.5' }
		]);
	});

	it('lists what a union accepts when no alternative fits', () => {
		const error = failureOf(
			parseApiPayload(workoutSchema, { ...workoutRun, place_lat: true }, where)
		);
		expect(error.issues).toHaveLength(1);
		expect(error.issues[0]?.field).toBe('place_lat');
		expect(error.issues[0]?.message).toMatch(/^expected number or null or "" or .*, got true$/);
	});

	it('quotes an hour key that is not YYYYMMDDHH', () => {
		const payload = {
			...moveDstDay,
			details: { ...moveDstDay.details, hourly_totals: { '2026-03-29 07': {} } }
		};
		const error = failureOf(parseApiPayload(moveSchema, payload, where));
		expect(error.issues[0]).toEqual({
			field: 'details.hourly_totals["2026-03-29 07"]',
			message: 'bad key "2026-03-29 07": expected an hour key YYYYMMDDHH'
		});
	});

	it('keeps every issue but lists only the first five in the message', () => {
		const payload = okResponse({
			items: Array.from({ length: 7 }, () => ({ ...moveDstDay, date: '20260329' })),
			size: 7
		});
		const error = failureOf(parseApiPayload(moveList, payload, where));
		expect(error.issues).toHaveLength(7);
		expect(error.message).toContain('data.items[4].date: expected number, got string');
		expect(error.message).not.toContain('data.items[5].date');
		expect(error.message.endsWith('(and 2 more)')).toBe(true);
	});

	it('reports a payload of the wrong kind without a field name', () => {
		const error = failureOf(parseApiPayload(moveList, 'Bad Gateway', where));
		expect(error.issues).toEqual([{ field: '', message: 'expected object, got string' }]);
		expect(error.message).toBe('move at /users/@me/moves: expected object, got string');
	});

	it('does not throw for inputs JSON cannot even produce', () => {
		for (const input of [undefined, Symbol('x'), () => 1, new Map()]) {
			expect(() => parseApiPayload(moveList, input, where)).not.toThrow();
			expect(parseApiPayload(moveList, input, where).ok).toBe(false);
		}
	});

	it('works with any schema, not only the API records', () => {
		const result = parseApiPayload(z.array(z.int()), [1, 2, 'three'], { record: 'n', path: '/n' });
		expect(failureOf(result).message).toBe('n at /n: [2]: expected number, got string');
	});
});

describe('formatFieldPath', () => {
	it('writes indexes in brackets and identifiers with dots', () => {
		expect(formatFieldPath(['data', 'items', 3, 'details', 'steps'])).toBe(
			'data.items[3].details.steps'
		);
	});

	it('quotes keys that are not identifiers', () => {
		expect(formatFieldPath(['hourly_totals', '2026032907', 'steps'])).toBe(
			'hourly_totals["2026032907"].steps'
		);
	});
});
