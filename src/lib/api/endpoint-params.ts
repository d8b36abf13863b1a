// Parameter and JSON validation of a request against its catalogue entry's field rules, in linear time.
import { EPOCH_MAX, type ParamSpec } from './endpoints';

export type ParamResult =
	{ ok: true; values: Record<string, string> } | { ok: false; field: string; reason: string };

/*
 * Every check below runs in one pass over the value, and a value longer than its field allows is
 * refused by its length before any pattern or parser sees it: a request can never make the server
 * spend more than linear time on a field.
 */

/** Longest text of a number field (int, float, epoch): more is no number a client means. */
export const MAX_NUMBER_LENGTH = 32;
/** Deepest nesting of arrays and objects in a JSON field (`json`, `ticks`). */
export const MAX_JSON_DEPTH = 32;
/** Longest JSON text of a field whose spec names no maxLength. */
const DEFAULT_JSON_LENGTH = 16 * 1024;

const INT = /^-?\d{1,16}$/;
// Unambiguous: each character can be taken by one part of the pattern only, so a value that does
// not match fails in one pass (`\d+\.?\d*` split a run of digits in every possible way).
const FLOAT = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d{1,3})?$/;

/** True when YYYYMMDD names a real calendar date. */
export function isCalendarDate(value: string): boolean {
	if (value.length !== 8 || !/^\d{8}$/.test(value)) return false;
	const year = Number(value.slice(0, 4));
	const month = Number(value.slice(4, 6));
	const day = Number(value.slice(6, 8));
	if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
	const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
	const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
	return day <= (lengths[month - 1] ?? 0);
}

/** True when the text holds a control character; `allowLineBreaks` keeps tab, LF and CR. */
export function hasControl(text: string, allowLineBreaks: boolean): boolean {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code === 0x7f) return true;
		if (code >= 0x20) continue;
		if (allowLineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
		return true;
	}
	return false;
}

/**
 * The name of the first field holding a control character, or null. Query values travel into a
 * URL upstream (none allowed); body fields may hold multi-line notes (tab, LF, CR allowed).
 */
export function checkControl(
	input: Iterable<[string, string]>,
	allowLineBreaks: boolean
): string | null {
	for (const [name, value] of input) {
		if (hasControl(name, false)) return '(unprintable name)';
		if (hasControl(value, allowLineBreaks)) return name;
	}
	return null;
}

/** True when the text has more than `max` characters (code points), counted no further than needed. */
function longerThan(text: string, max: number): boolean {
	if (text.length <= max) return false;
	if (text.length > 2 * max) return true; // a code point is at most two UTF-16 units
	let count = 0;
	for (const _ of text) if (++count > max) return true;
	return false;
}

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * True when JSON text nests arrays and objects deeper than `limit`, counted in one pass over the
 * text (brackets inside strings do not count) before any parser runs: a parser or a serializer
 * that recurses would otherwise overflow its stack on a value like `[[[[…]]]]`.
 */
export function jsonDeeperThan(text: string, limit: number): boolean {
	let depth = 0;
	let inString = false;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (inString) {
			if (code === BACKSLASH) i++;
			else if (code === QUOTE) inString = false;
		} else if (code === QUOTE) {
			inString = true;
		} else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
			if (++depth > limit) return true;
		} else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
			depth--;
		}
	}
	return false;
}

/** Options of validateParams. */
export interface ValidateOptions {
	/** Whether values may hold tab, LF and CR: yes for body fields (notes), no for a query. Default true. */
	lineBreaks?: boolean;
	/** The validating server's clock, epoch seconds (for `maxAheadSec`). Default: the real clock. */
	nowSec?: number;
}

function checkRange(spec: ParamSpec, value: number): string | null {
	if (spec.min !== undefined && value < spec.min) return `must be at least ${spec.min}`;
	if (spec.max !== undefined && value > spec.max) return `must be at most ${spec.max}`;
	return null;
}

function parseJson(value: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(value) as unknown };
	} catch {
		return { ok: false };
	}
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why JSON text is too long or too deep for its field, or null. */
function checkJsonBounds(spec: ParamSpec, value: string): string | null {
	const maxLength = spec.maxLength ?? DEFAULT_JSON_LENGTH;
	if (value.length > maxLength) return `must be at most ${maxLength} characters of JSON`;
	if (jsonDeeperThan(value, MAX_JSON_DEPTH)) {
		return `must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep`;
	}
	return null;
}

/** Why one value is wrong for its spec, or null when it is fine. */
function checkValue(spec: ParamSpec, value: string, nowSec: number): string | null {
	switch (spec.kind) {
		case 'date':
			return isCalendarDate(value) ? null : 'must be a real calendar date written YYYYMMDD';
		case 'epoch': {
			if (value.length > MAX_NUMBER_LENGTH || !/^\d{1,12}$/.test(value)) {
				return 'must be a non-negative integer of epoch seconds';
			}
			const seconds = Number(value);
			if (spec.maxAheadSec !== undefined && seconds > nowSec + spec.maxAheadSec) {
				return `must not be more than ${spec.maxAheadSec} seconds after now`;
			}
			return checkRange(spec, seconds);
		}
		case 'int':
			if (value.length > MAX_NUMBER_LENGTH || !INT.test(value)) return 'must be an integer';
			return checkRange(spec, Number(value));
		case 'float': {
			if (value.length > MAX_NUMBER_LENGTH) {
				return `must be a number of at most ${MAX_NUMBER_LENGTH} characters`;
			}
			if (!FLOAT.test(value)) return 'must be a number';
			const number = Number(value);
			if (!Number.isFinite(number)) return 'must be a finite number';
			return checkRange(spec, number);
		}
		case 'string':
			if (spec.maxLength !== undefined && longerThan(value, spec.maxLength)) {
				return `must be at most ${spec.maxLength} characters`;
			}
			return null;
		case 'boolean':
			return value.length <= 5 && /^(true|false|1|0)$/i.test(value)
				? null
				: 'must be true or false';
		case 'enum': {
			const values = spec.values ?? [];
			return values.includes(value) ? null : `must be one of ${values.join(', ')}`;
		}
		case 'json': {
			const bounds = checkJsonBounds(spec, value);
			if (bounds !== null) return bounds;
			const parsed = parseJson(value);
			if (!parsed.ok) return 'must be valid JSON';
			return typeof parsed.value === 'object' && parsed.value !== null
				? null
				: 'must be a JSON object or array';
		}
		case 'ticks':
			return checkJsonBounds(spec, value) ?? checkTicks(value);
	}
}

function checkTicks(value: string): string | null {
	const parsed = parseJson(value);
	if (!parsed.ok || !Array.isArray(parsed.value)) return 'must be a JSON list of {depth, time}';
	let previous = -1;
	for (const [index, tick] of parsed.value.entries()) {
		if (!isRecord(tick)) return `item ${index} must be an object with depth and time`;
		const { depth, time } = tick;
		if (depth !== 1 && depth !== 2 && depth !== 3) return `item ${index}: depth must be 1, 2 or 3`;
		if (typeof time !== 'number' || !Number.isInteger(time) || time < 0 || time > EPOCH_MAX) {
			return `item ${index}: time must be epoch seconds`;
		}
		if (time < previous) return `item ${index}: times must not go backwards`;
		previous = time;
	}
	return null;
}

/** Why an end time is too early or too late for the start time beside it, or null. */
function checkSpan(spec: ParamSpec, values: Record<string, string>): string | null {
	const end = values[spec.name];
	const start = spec.span === undefined ? undefined : values[spec.span.start];
	if (spec.span === undefined || end === undefined || start === undefined) return null;
	const seconds = Number(end) - Number(start);
	if (seconds < 0) return `must not be before ${spec.span.start}`;
	if (seconds > spec.span.maxSec) {
		return `must be at most ${spec.span.maxSec} seconds after ${spec.span.start}`;
	}
	return null;
}

/**
 * Validates request parameters against their specs: unknown names, repeated names, control
 * characters, missing required ones and malformed values are all rejected, naming the field and
 * the reason. The proxy and the reference API both call this, so both apply the same rules.
 */
export function validateParams(
	params: readonly ParamSpec[],
	input: URLSearchParams | Map<string, string>,
	options: ValidateOptions = {}
): ParamResult {
	const lineBreaks = options.lineBreaks ?? true;
	const nowSec = options.nowSec ?? Math.floor(Date.now() / 1000);
	const byName = new Map(params.map((spec) => [spec.name, spec]));
	const values: Record<string, string> = {};
	const seen = new Set<string>();
	for (const [name, value] of input) {
		if (hasControl(name, false)) {
			return { ok: false, field: '(unprintable name)', reason: 'contains control characters' };
		}
		const spec = byName.get(name);
		if (spec === undefined) return { ok: false, field: name, reason: 'is not a known parameter' };
		if (seen.has(name)) return { ok: false, field: name, reason: 'is given more than once' };
		seen.add(name);
		if (hasControl(value, lineBreaks)) {
			return { ok: false, field: name, reason: 'contains control characters' };
		}
		const reason = checkValue(spec, value, nowSec);
		if (reason !== null) return { ok: false, field: name, reason };
		values[name] = value;
	}
	for (const spec of params) {
		if (spec.required === true && !seen.has(spec.name)) {
			return { ok: false, field: spec.name, reason: 'is required' };
		}
		const reason = checkSpan(spec, values);
		if (reason !== null) return { ok: false, field: spec.name, reason };
	}
	return { ok: true, values };
}
