// `GET /api/moods?from=&to=`: the moods of a span of days in one answer, read from the upstream a day at a time, a few at once.

import { setMaxListeners } from 'node:events';
import { findEndpoint } from '$lib/api/endpoints';
import type { ApiVersion } from '$lib/api/envelope';
import { isCalendarDate } from '$lib/api/endpoint-params';
import { addDays, daysBetween } from '$lib/time/zone';
import { apiErrorResponse, type ProxyErrorType } from '../api-error';
import type { TokenSource } from '../proxy/proxy';
import type { UpstreamCall } from '../proxy/request-guard';
import type { UpstreamClient, UpstreamOutcome } from '../proxy/upstream';
import { quoted } from '../quote';
import { logEvent } from '../redact';

/** The longest span one request may ask for: a year view (53 weeks) and no more. */
export const MAX_SPAN_DAYS = 371;
/**
 * Day reads in flight at once for one request: the upstream sees a year's worth in about 23 turns
 * instead of the browser's six connections, and one browser cannot open hundreds at once.
 */
export const SPAN_CONCURRENCY = 16;
/** The scope a day's mood needs upstream, checked before any call goes out. */
const MOOD_READ_SCOPE = 'mood_read';
/** `from` and `to`, each once; nothing else. */
const PARAMS = ['from', 'to'] as const;

export interface MoodSpanDeps {
	upstream: UpstreamClient;
	version: ApiVersion;
	tokens: TokenSource;
	/** The scopes the request's sign-in holds (what `/api/session` reports). */
	scopes: () => Promise<readonly string[]>;
	concurrency?: number;
	now?: () => number;
}

/** One day of the answer: the upstream's mood of that day, or null on a day without one. */
export interface SpanDay {
	date: number;
	mood: unknown;
}

type DayResult =
	| { ok: true; day: SpanDay; time: number | null; user: string | null }
	| { ok: false; date: number; status: number; type: ProxyErrorType; retryAfter: string | null };

/**
 * A cross-site page may not make a signed-in browser start a span read: each one costs the
 * upstream a call per day. Browsers say where a request comes from (`Sec-Fetch-Site`, `Origin`);
 * a request that says nothing (a command-line client) is the person's own.
 */
function crossSite(request: Request): boolean {
	const site = request.headers.get('sec-fetch-site');
	if (site !== null && site !== 'same-origin' && site !== 'none') return true;
	const origin = request.headers.get('origin');
	return origin !== null && origin !== new URL(request.url).origin;
}

/** The span asked for, or the refusal's detail. Each check is linear in the value's length. */
function spanOf(search: URLSearchParams): { from: number; to: number } | string {
	for (const key of new Set(search.keys())) {
		if (!(PARAMS as readonly string[]).includes(key)) return `Unknown parameter ${quoted(key)}.`;
	}
	const values: Record<string, number> = {};
	for (const key of PARAMS) {
		const all = search.getAll(key);
		if (all.length !== 1) return `Give \`${key}\` once, as YYYYMMDD.`;
		const value = all[0] ?? '';
		// Refused by its length before any pattern runs.
		if (value.length !== 8)
			return `\`${key}\` must be a date written YYYYMMDD, not ${quoted(value)}.`;
		if (!isCalendarDate(value)) return `\`${key}\` is not a real date: ${quoted(value)}.`;
		values[key] = Number(value);
	}
	const from = values.from ?? 0;
	const to = values.to ?? 0;
	if (to < from) return '`to` comes before `from`.';
	if (daysBetween(from, to) + 1 > MAX_SPAN_DAYS) {
		return `A span holds at most ${MAX_SPAN_DAYS} days; ask for a longer one in parts.`;
	}
	return { from, to };
}

/** The upstream's call for one day's mood, built from the catalogue and the validated date. */
function dayCall(version: ApiVersion, date: number): UpstreamCall {
	const endpoint = findEndpoint('mood.daily', version);
	if (endpoint === undefined) throw new Error(`catalogue lacks mood.daily in ${version}`);
	return {
		endpoint,
		version,
		method: 'GET',
		path: `/nudge/api/${version}${endpoint.path}`,
		query: new URLSearchParams({ date: String(date) }),
		body: null
	};
}

/** The answer's `meta.time` and `meta.user_xid`, where the upstream gave them. */
function metaOf(json: unknown): { time: number | null; user: string | null } {
	if (typeof json !== 'object' || json === null || !('meta' in json)) {
		return { time: null, user: null };
	}
	const meta: unknown = json.meta;
	if (typeof meta !== 'object' || meta === null) return { time: null, user: null };
	const time = 'time' in meta && typeof meta.time === 'number' ? meta.time : null;
	const user = 'user_xid' in meta && typeof meta.user_xid === 'string' ? meta.user_xid : null;
	return { time, user };
}

function dataOf(json: unknown): unknown {
	if (typeof json !== 'object' || json === null || !('data' in json)) return null;
	return json.data;
}

/** The error type the browser sees for a day the upstream answered with an error status. */
function typeOfStatus(status: number): ProxyErrorType {
	if (status === 401) return 'sign_in_required';
	if (status === 403) return 'insufficient_scope';
	if (status === 429 || status === 503) return 'upstream_unavailable';
	if (status >= 500) return 'bad_upstream_response';
	return 'invalid_parameter';
}

/** Runs `task` over `items`, at most `limit` at once; stops starting new ones once `stop` is set. */
async function eachBounded<T>(
	items: readonly T[],
	limit: number,
	task: (item: T) => Promise<void>,
	stopped: () => boolean
): Promise<void> {
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < items.length && !stopped()) {
			const item = items[next++] as T;
			await task(item);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const SPAN_FAILED: Readonly<Record<string, string>> = {
	sign_in_required: 'Sign in again to load your moods.',
	insufficient_scope: 'This sign-in may not read moods (mood_read).',
	upstream_unavailable: 'The upstream API is not answering for now; try again shortly.'
};

/**
 * Answers the moods of `from..to`: `{meta, data: {days: [{date, mood}], failed: [date]}}`, the days
 * newest first. The proxy's rules hold: same origin, a session, the `mood_read` scope, a capped
 * span checked in linear time, the upstream client's retries and breaker for every day, one
 * refresh after a 401 shared by the span, and nothing of the upstream's error answers (which may
 * quote the token) passed on. Days the upstream failed are listed in `failed`; when every day
 * failed, the answer is the first failure's status.
 */
export async function moodSpanResponse(request: Request, deps: MoodSpanDeps): Promise<Response> {
	if (crossSite(request)) {
		return apiErrorResponse(403, 'cross_site_request', 'Moods are read from this dashboard only.');
	}
	const span = spanOf(new URL(request.url).searchParams);
	if (typeof span === 'string') return apiErrorResponse(400, 'invalid_parameter', span);

	let token = await deps.tokens.current();
	if (token === null)
		return apiErrorResponse(401, 'sign_in_required', 'Sign in to load your data.');
	const scopes = await deps.scopes();
	if (!scopes.includes(MOOD_READ_SCOPE)) {
		return apiErrorResponse(403, 'insufficient_scope', SPAN_FAILED.insufficient_scope ?? '');
	}

	const dates: number[] = [];
	for (let date = span.to; date >= span.from; date = addDays(date, -1)) dates.push(date);

	// One refresh for the whole span, however many days see the 401.
	let refreshing: Promise<string | null> | null = null;
	const refreshOnce = (): Promise<string | null> => {
		refreshing ??= deps.tokens.refresh?.() ?? Promise.resolve(null);
		return refreshing;
	};
	let halted = false;
	const results: DayResult[] = [];

	const readDay = async (date: number): Promise<void> => {
		const call = dayCall(deps.version, date);
		const used = token ?? '';
		let outcome: UpstreamOutcome = await deps.upstream.send(call, used, request.signal);
		if (outcome.kind === 'response' && outcome.status === 401) {
			const fresh = token !== used ? token : await refreshOnce();
			if (fresh !== null) {
				token = fresh;
				outcome = await deps.upstream.send(call, fresh, request.signal);
			}
		}
		if (outcome.kind === 'failure') {
			// An open breaker fails every day alike: the rest are not asked.
			if (outcome.type === 'upstream_unavailable') halted = true;
			results.push({ ok: false, date, ...outcome });
			return;
		}
		if (outcome.status !== 200) {
			if (outcome.status === 401 || outcome.status === 403) halted = true;
			results.push({
				ok: false,
				date,
				status: outcome.status,
				type: typeOfStatus(outcome.status),
				retryAfter: outcome.retryAfter
			});
			return;
		}
		results.push({ ok: true, day: { date, mood: dataOf(outcome.json) }, ...metaOf(outcome.json) });
	};

	const concurrency = deps.concurrency ?? SPAN_CONCURRENCY;
	// Each read in flight listens for the browser going away: more than Node's default ten.
	setMaxListeners(concurrency * 2 + 10, request.signal);
	await eachBounded(dates, concurrency, readDay, () => halted);
	const days = results.flatMap((r) => (r.ok ? [r.day] : [])).sort((a, b) => b.date - a.date);
	const failures = results.flatMap((r) => (r.ok ? [] : [r]));
	if (failures.length > 0) {
		logEvent('warn', 'moods.span_days_failed', {
			failed: failures.length,
			asked: dates.length,
			type: failures[0]?.type ?? null
		});
	}
	// Days failed, and days not asked once the read halted.
	const read = new Set(days.map((day) => day.date));
	const failed = dates.filter((date) => !read.has(date));
	// An open breaker says best why nothing came, and when to try again.
	const first = failures.find((f) => f.type === 'upstream_unavailable') ?? failures[0];
	if (days.length === 0 && first !== undefined) {
		const passed = [401, 403, 429].includes(first.status) || first.status >= 500;
		const status = passed ? first.status : 502;
		return apiErrorResponse(
			status,
			first.type,
			SPAN_FAILED[first.type] ?? 'The upstream API could not give these moods.',
			{
				headers: first.retryAfter === null ? {} : { 'retry-after': first.retryAfter }
			}
		);
	}
	const now = deps.now ?? Date.now;
	const times = results.flatMap((r) => (r.ok && r.time !== null ? [r.time] : []));
	const time = times.length > 0 ? Math.max(...times) : Math.floor(now() / 1000);
	const user = results.find((r) => r.ok && r.user !== null);
	// The API's own envelope, so the browser checks it as any answer of the API.
	const meta = {
		user_xid: user?.ok === true ? (user.user ?? '') : '',
		message: 'OK',
		code: 200,
		time
	};
	return new Response(JSON.stringify({ meta, data: { days, failed } }), {
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'cache-control': 'private, no-store'
		}
	});
}
