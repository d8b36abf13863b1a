// Parses a JSON payload against a schema and turns zod issues into one readable, located error.
import * as z from 'zod/mini';

type Issue = z.core.$ZodIssue;
type IssuePath = readonly PropertyKey[];

/** One problem in a payload: `field` is a path such as `data.items[3].details.steps` ('' = the payload itself). */
export interface ApiFieldIssue {
	field: string;
	message: string;
}

/** A payload that does not match the contract; the message names the record, the request path and each field. */
export class ApiSchemaError extends Error {
	override readonly name = 'ApiSchemaError';
	/** Which record was expected, e.g. `move`. */
	readonly record: string;
	/** The request path, e.g. `/users/@me/moves`. */
	readonly path: string;
	readonly issues: ApiFieldIssue[];

	constructor(record: string, path: string, issues: ApiFieldIssue[]) {
		super(`${record} at ${path}: ${summarize(issues)}`);
		this.record = record;
		this.path = path;
		this.issues = issues;
	}
}

export type ApiParseResult<T> = { ok: true; value: T } | { ok: false; error: ApiSchemaError };

/**
 * Validates `json` with `schema`. Never throws for bad input: a mismatch comes back as
 * `{ok: false, error}` so the caller decides whether one broken record fails a whole page.
 */
export function parseApiPayload<T>(
	schema: z.core.$ZodType<T>,
	json: unknown,
	where: { record: string; path: string }
): ApiParseResult<T> {
	const result = z.safeParse(schema, json);
	if (result.success) return { ok: true, value: result.data };
	const issues = result.error.issues.flatMap((issue) => describeIssue(issue, [], json));
	return { ok: false, error: new ApiSchemaError(where.record, where.path, issues) };
}

// Long lists of issues (a whole page of wrong records) would drown the first, most useful ones.
const MAX_ISSUES_IN_MESSAGE = 5;

function summarize(issues: readonly ApiFieldIssue[]): string {
	const shown = issues
		.slice(0, MAX_ISSUES_IN_MESSAGE)
		.map((issue) => (issue.field === '' ? issue.message : `${issue.field}: ${issue.message}`));
	const hidden = issues.length - shown.length;
	return shown.join('; ') + (hidden > 0 ? ` (and ${hidden} more)` : '');
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `['data', 'items', 3, 'details', 'steps']` -> `data.items[3].details.steps`. */
export function formatFieldPath(path: IssuePath): string {
	let text = '';
	for (const key of path) {
		if (typeof key === 'number') text += `[${key}]`;
		else if (typeof key === 'string' && IDENTIFIER.test(key)) text += text === '' ? key : `.${key}`;
		else text += `[${JSON.stringify(String(key))}]`;
	}
	return text;
}

function valueAt(json: unknown, path: IssuePath): unknown {
	let current = json;
	for (const key of path) {
		if (typeof current !== 'object' || current === null) return undefined;
		current = Reflect.get(current, key);
	}
	return current;
}

/** The kind of a JSON value in the words of an error message. */
function kindOf(value: unknown): string {
	if (value === undefined) return 'nothing (field missing)';
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	return typeof value;
}

/** A JSON value as the message shows it: primitives verbatim (shortened), containers by kind. */
function shown(value: unknown): string {
	if (typeof value === 'string') {
		const text = JSON.stringify(value);
		return text.length > 42 ? `${text.slice(0, 40)}..."` : text;
	}
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	return kindOf(value);
}

// zod/mini ships no locale, so every built-in issue carries this placeholder; our own checks
// carry a real sentence starting with "expected".
const PLACEHOLDER = 'Invalid input';

function expectation(issue: Issue): string {
	if (issue.message !== PLACEHOLDER) return issue.message.replace(/^expected /, '');
	switch (issue.code) {
		case 'invalid_type':
			return issue.expected;
		case 'invalid_value':
			return issue.values.map((value) => JSON.stringify(value)).join(' or ');
		case 'invalid_format':
			return issue.pattern ? `a string matching ${issue.pattern}` : `a ${issue.format} string`;
		case 'too_small':
			return `a value of at least ${String(issue.minimum)}`;
		case 'too_big':
			return `a value of at most ${String(issue.maximum)}`;
		case 'unrecognized_keys':
			return 'an empty object';
		case 'invalid_union':
			return issue.errors
				.map((branch) => (branch[0] ? expectation(branch[0]) : 'one alternative'))
				.join(' or ');
		default:
			return 'a valid value';
	}
}

function deepest(issues: readonly Issue[]): number {
	return Math.max(0, ...issues.map((issue) => issue.path.length));
}

/**
 * One issue -> field issues. A union that failed on every branch at its own level is reported as
 * the list of what it accepts; one that got into a branch's structure (a mood with a broken
 * field) is reported through that branch, which is what the sender most likely meant.
 */
function describeIssue(issue: Issue, base: IssuePath, json: unknown): ApiFieldIssue[] {
	const path = [...base, ...issue.path];
	const field = formatFieldPath(path);
	const value = valueAt(json, path);

	if (issue.code === 'invalid_union' && issue.errors.length > 0) {
		const structural = issue.errors
			.filter((branch) => deepest(branch) > 0)
			.sort((a, b) => deepest(b) - deepest(a) || a.length - b.length)[0];
		if (structural) return structural.flatMap((inner) => describeIssue(inner, path, json));
		const accepted = [...new Set(issue.errors.flatMap((branch) => branch.map(expectation)))];
		return [{ field, message: `expected ${accepted.join(' or ')}, got ${shown(value)}` }];
	}
	if (issue.code === 'invalid_key') {
		const key = String(path[path.length - 1]);
		const inner = new Set(issue.issues.map((keyIssue) => `expected ${expectation(keyIssue)}`));
		return [{ field, message: `bad key ${JSON.stringify(key)}: ${[...inner].join('; ')}` }];
	}
	if (issue.code === 'invalid_type') {
		const got =
			issue.expected === 'int' && typeof value === 'number' ? String(value) : kindOf(value);
		return [{ field, message: `expected ${expectation(issue)}, got ${got}` }];
	}
	return [{ field, message: `expected ${expectation(issue)}, got ${shown(value)}` }];
}
