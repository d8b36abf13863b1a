// The typed browser client of the Wellness API behind the same-origin proxy: every response validated, every error an ApiError.
import type * as z from 'zod/mini';
import type {
	BodyEvent,
	CardiacEventV10,
	GoalsV11,
	HeartRate,
	Meal,
	MealWithItems,
	MoodOfDay,
	Move,
	MoveTick,
	Settings,
	Sleep,
	SleepTick,
	TrendsV11,
	User,
	ApiVersion,
	GoalsV10,
	TrendsV10,
	Workout,
	WorkoutTick
} from '$lib/api';
import { ApiError, CLIENT_ERROR_TYPES, isAbortError, missingScopeOf } from './api-error';
import { listSearch, proxyUrl, proxyUrlForNext, type ListQuery } from './links';

/** The response schemas (validation.ts). */
type Validation = typeof import('./validation');
/** Picks the schema of a response from the loaded schemas. */
export type SchemaOf<T> = (validation: Validation) => z.ZodMiniType<T>;

let validation: Promise<Validation> | undefined;

/**
 * Loads the response schemas once, when the first client is made (none is validated without
 * them). A failed load (the app's files replaced by a newer release, say) is an ApiError like
 * any unreachable service, and the next request tries again.
 */
function loadValidation(): Promise<Validation> {
	validation ??= import('./validation').catch((error: unknown) => {
		validation = undefined;
		throw new ApiError(
			0,
			CLIENT_ERROR_TYPES.network,
			`Part of this page could not be loaded (${error instanceof Error ? error.message : String(error)}); reloading the page may help.`
		);
	});
	return validation;
}

export type { ListQuery } from './links';

/** The record kinds that come as paged lists the cache keeps. */
export type ListKind =
	'moves' | 'sleeps' | 'workouts' | 'heartrates' | 'bodyEvents' | 'cardiacEvents' | 'meals';

export interface ListItems {
	moves: Move;
	sleeps: Sleep;
	workouts: Workout;
	/** Resting heart rates, one a day from the newest band model. */
	heartrates: HeartRate;
	/** Weigh-ins (`body_events`). */
	bodyEvents: BodyEvent;
	/** Blood pressure readings with a pulse (`cardiac_events`): v.1.0 only. */
	cardiacEvents: CardiacEventV10;
	/** Meals with their totals; the list carries no items (`meal` reads them). */
	meals: Meal;
}

/** The moods of a span, as the dashboard's server answers them (`GET /api/moods`). */
export interface MoodSpan {
	days: { date: number; mood: MoodOfDay }[];
	/** Days of the span the API did not answer (they stay unread). */
	failed: number[];
}

export interface RequestOptions {
	/** Aborts the request (and, for listAll, every later page). */
	signal?: AbortSignal;
}

export interface ListPage<T> {
	items: T[];
	/** The opaque `links.next`, or null on the last page. */
	next: string | null;
	/** `meta.time` of the response: the server's clock, epoch seconds. */
	serverTime: number | null;
}

export interface ListAllOptions<T> extends RequestOptions {
	/** Called with every page as it arrives, so callers can store records before the walk ends. */
	onPage?: (page: ListPage<T>) => void | Promise<void>;
}

/** One paged list of the API. */
export interface ListEndpoint<T> {
	/** The first page of a query. */
	page(query: ListQuery, options?: RequestOptions): Promise<ListPage<T>>;
	/** The page an opaque `links.next` points at. */
	next(link: string, options?: RequestOptions): Promise<ListPage<T>>;
	/** Every page of a query, following `links.next` until it is absent. */
	all(query: ListQuery, options?: ListAllOptions<T>): Promise<T[]>;
	/** One record by xid. */
	one(xid: string, options?: RequestOptions): Promise<T>;
}

/** One endpoint per list kind; indexing it with a generic kind keeps the item type. */
export type ListEndpoints = { [K in ListKind]: ListEndpoint<ListItems[K]> };

export interface TrendsQuery {
	/** Last bucket's date, `YYYYMMDD`; the server's today when absent. */
	endDate?: number;
	bucketSize: 'd' | 'w' | 'm' | 'y';
	/** How many buckets; more than 100 are fetched by following `links.next`. */
	numBuckets: number;
}

/** A trends series merged from every page: one bucket per date, newest first, the latest `numBuckets` up to endDate. */
export interface TrendSeries {
	earliest: TrendsV11['earliest'];
	buckets: TrendsV11['data'];
}

export interface ApiClient {
	readonly lists: ListEndpoints;
	listPage<K extends ListKind>(
		kind: K,
		query: ListQuery,
		options?: RequestOptions
	): Promise<ListPage<ListItems[K]>>;
	listAll<K extends ListKind>(
		kind: K,
		query: ListQuery,
		options?: ListAllOptions<ListItems[K]>
	): Promise<ListItems[K][]>;
	moveTicks(moveXid: string, options?: RequestOptions): Promise<MoveTick[]>;
	sleepTicks(sleepXid: string, options?: RequestOptions): Promise<SleepTick[]>;
	/** A workout's 10 s or 60 s buckets (v.1.1). */
	workoutTicks(workoutXid: string, options?: RequestOptions): Promise<WorkoutTick[]>;
	/** One meal with the foods and drinks in it (the list gives only the totals). */
	meal(mealXid: string, options?: RequestOptions): Promise<MealWithItems>;
	/** The day's last mood (`date` is `YYYYMMDD`), or null on a day without one. */
	moodOfDay(date: number, options?: RequestOptions): Promise<MoodOfDay>;
	/**
	 * The moods of `fromDate..toDate` in one request to the dashboard's server (`/api/moods`),
	 * which reads the days from the API: each day with its mood or null, and the days it could not
	 * read.
	 */
	moodsOfSpan(fromDate: number, toDate: number, options?: RequestOptions): Promise<MoodSpan>;
	goals(options?: RequestOptions): Promise<GoalsV11>;
	settings(options?: RequestOptions): Promise<Settings>;
	user(options?: RequestOptions): Promise<User>;
	trends(query: TrendsQuery, options?: RequestOptions): Promise<TrendSeries>;
	/**
	 * Sends a write (a POST with a form, or a DELETE) to `path` and answers its validated data: what
	 * the write calls (write-calls.ts) are made of, so a page that never writes does not load them.
	 */
	write<T>(
		path: string,
		schemaOf: SchemaOf<T>,
		record: string,
		write: WriteRequest,
		options?: RequestOptions
	): Promise<T>;
	/** The API version the next request is sent in. */
	readonly version: ApiVersion;
	/** The latest `meta.time` seen: the server's "now", which may differ from the browser's clock. */
	readonly lastServerTime: number | null;
}

/** A write request: its method and, for a POST, its form body. */
export interface WriteRequest {
	method: 'POST' | 'DELETE';
	form?: string;
}

export interface ApiClientOptions {
	fetch: typeof globalThis.fetch;
	/** Where the proxy is mounted. Default '/api/nudge'. */
	base?: string;
	/** Where the server answers a span's moods. Default '/api/moods'. */
	moodsBase?: string;
	/**
	 * API version in the path, or a function naming it when it is known only later (from the
	 * session). Default 'v.1.1'. Answers of v.1.0 are returned in the v.1.1 shapes.
	 */
	version?: ApiVersion | (() => ApiVersion);
}

/** The API caps one trends request at 100 buckets. */
const MAX_BUCKETS_PER_REQUEST = 100;

export function createApiClient(options: ApiClientOptions): ApiClient {
	// The schemas load as the client is made: a first answer may be here at once (app.html asks
	// for the first reads while the page's scripts load), and one more round trip for the schemas
	// would then be the wait. A failed load is said by the request that needs them.
	loadValidation().catch(() => {});
	const fetchImpl = options.fetch;
	const base = options.base ?? '/api/nudge';
	const moodsBase = options.moodsBase ?? '/api/moods';
	const configured = options.version;
	const versionOf: () => ApiVersion =
		typeof configured === 'function' ? configured : () => configured ?? 'v.1.1';
	let lastServerTime: number | null = null;

	async function request<T>(
		url: string,
		schemaOf: SchemaOf<T>,
		record: string,
		signal: AbortSignal | undefined,
		/** A write: its method and form body. Reads leave it out. */
		write?: WriteRequest
	): Promise<{ data: T; serverTime: number | null }> {
		// Loading since the client was made (asked again here if that load failed). Awaited below;
		// until then a failure must not count as unhandled.
		const loading = loadValidation();
		loading.catch(() => {});
		let response: Response;
		try {
			response = await fetchImpl(
				url,
				write === undefined
					? { signal, headers: { accept: 'application/json' } }
					: {
							signal,
							method: write.method,
							body: write.form,
							headers: {
								accept: 'application/json',
								...(write.form === undefined
									? {}
									: { 'content-type': 'application/x-www-form-urlencoded' })
							}
						}
			);
		} catch (error) {
			if (isAbortError(error) || signal?.aborted) throw error;
			throw new ApiError(
				0,
				CLIENT_ERROR_TYPES.network,
				`The data service could not be reached (${error instanceof Error ? error.message : String(error)}).`
			);
		}
		let json: unknown;
		try {
			json = await response.json();
		} catch (error) {
			if (isAbortError(error) || signal?.aborted) throw error;
			throw new ApiError(
				response.status,
				CLIENT_ERROR_TYPES.badResponse,
				`The data service answered ${response.status} without JSON.`
			);
		}
		const schemas = await loading;
		if (!response.ok) throw errorFromBody(schemas, response.status, json);

		const parsed = schemas.parseApiPayload(schemas.envelopeSchema(schemaOf(schemas)), json, {
			record,
			path: url
		});
		if (!parsed.ok) {
			throw new ApiError(response.status, CLIENT_ERROR_TYPES.invalidPayload, parsed.error.message);
		}
		const serverTime = parsed.value.meta.time;
		if (lastServerTime === null || serverTime > lastServerTime) {
			lastServerTime = serverTime;
		}
		return { data: parsed.value.data, serverTime };
	}

	function listEndpoint<T>(
		path: string,
		singlePath: string,
		itemSchema: SchemaOf<T>,
		record: string,
		/** The one version a family exists in (the cardiac events: v.1.0), else the session's. */
		onlyVersion?: ApiVersion
	): ListEndpoint<T> {
		const versionOfList = onlyVersion === undefined ? versionOf : () => onlyVersion;
		// Built once, from the schemas loaded with the first request.
		const build = (schemas: Validation) => schemas.collectionSchema(itemSchema(schemas));
		let page: ReturnType<typeof build> | undefined;
		const pageSchema = (schemas: Validation) => (page ??= build(schemas));

		async function fetchPage(url: string, signal?: AbortSignal): Promise<ListPage<T>> {
			const { data, serverTime } = await request(url, pageSchema, record, signal);
			return { items: data.items, next: data.links?.next ?? null, serverTime };
		}

		const endpoint: ListEndpoint<T> = {
			page: (query, opts) =>
				fetchPage(proxyUrl(base, versionOfList(), path, listSearch(query)), opts?.signal),
			next: (link, opts) => fetchPage(proxyUrlForNext(link, base), opts?.signal),
			async all(query, opts) {
				const items: T[] = [];
				const seen = new Set<string>();
				let page = await endpoint.page(query, opts);
				for (;;) {
					items.push(...page.items);
					await opts?.onPage?.(page);
					if (page.next === null || page.items.length === 0) break;
					// A server that hands back a link already followed would loop forever.
					if (seen.has(page.next)) break;
					seen.add(page.next);
					page = await endpoint.next(page.next, opts);
				}
				return items;
			},
			async one(xid, opts) {
				const url = proxyUrl(base, versionOfList(), `${singlePath}/${encodeURIComponent(xid)}`);
				return (await request(url, itemSchema, record, opts?.signal)).data;
			}
		};
		return endpoint;
	}

	const lists: ListEndpoints = {
		moves: listEndpoint('users/@me/moves', 'moves', (v) => v.moveSchema, 'move'),
		sleeps: listEndpoint('users/@me/sleeps', 'sleeps', (v) => v.sleepSchema, 'sleep'),
		workouts: listEndpoint('users/@me/workouts', 'workouts', (v) => v.workoutSchema, 'workout'),
		// Heart rates have no single-record endpoint; `one` is never called for them.
		heartrates: listEndpoint(
			'users/@me/heartrates',
			'heartrates',
			(v) => v.heartRateSchema,
			'heart rate'
		),
		bodyEvents: listEndpoint(
			'users/@me/body_events',
			'body_events',
			(v) => v.bodyEventSchema,
			'body event'
		),
		// The cardiac family is v.1.0 only: asked in v.1.0 whatever the session speaks (the
		// embedded API serves it beside v.1.1).
		cardiacEvents: listEndpoint(
			'users/@me/cardiac_events',
			'cardiac_events',
			(v) => v.cardiacEventV10Schema,
			'cardiac event',
			'v.1.0'
		),
		meals: listEndpoint('users/@me/meals', 'meals', (v) => v.mealSchema, 'meal')
	};

	async function ticks<T>(
		path: string,
		schemaOf: SchemaOf<T>,
		record: string,
		signal?: AbortSignal
	): Promise<T[]> {
		const url = proxyUrl(base, versionOf(), path);
		const page = (v: Validation) => v.collectionSchema(schemaOf(v));
		return (await request(url, page, record, signal)).data.items;
	}

	async function single<T>(
		path: string,
		schemaOf: SchemaOf<T>,
		record: string,
		signal?: AbortSignal,
		search = ''
	): Promise<T> {
		return (await request(proxyUrl(base, versionOf(), path, search), schemaOf, record, signal))
			.data;
	}

	return {
		lists,
		listPage: (kind, query, opts) => lists[kind].page(query, opts),
		listAll: (kind, query, opts) => lists[kind].all(query, opts),
		moveTicks: (xid, opts) =>
			ticks(
				`moves/${encodeURIComponent(xid)}/ticks`,
				(v) => v.moveTickSchema,
				'move tick',
				opts?.signal
			),
		sleepTicks: async (xid, opts) => {
			if (versionOf() !== 'v.1.0') {
				return ticks(
					`sleeps/${encodeURIComponent(xid)}/ticks`,
					(v) => v.sleepTickSchema,
					'sleep phase',
					opts?.signal
				);
			}
			// v.1.0 has no /ticks: its snapshot lists the same phases as [time, depth] pairs.
			const pairs = await single(
				`sleeps/${encodeURIComponent(xid)}/snapshot`,
				(v) => v.sleepSnapshotSchema,
				'sleep phase',
				opts?.signal
			);
			return pairs.flatMap(([time, depth]) => (depth === null ? [] : [{ time, depth }]));
		},
		workoutTicks: (xid, opts) =>
			ticks(
				`workouts/${encodeURIComponent(xid)}/ticks`,
				(v) => v.workoutTickSchema,
				'workout tick',
				opts?.signal
			),
		meal: (xid, opts) =>
			single(
				`meals/${encodeURIComponent(xid)}`,
				(v) => v.mealWithItemsSchema,
				'meal',
				opts?.signal
			),
		moodOfDay: (date, opts) =>
			single(
				'users/@me/mood',
				(v) => v.moodOfDaySchema,
				'mood',
				opts?.signal,
				`?${new URLSearchParams({ date: String(date) }).toString()}`
			),
		moodsOfSpan: async (fromDate, toDate, opts) =>
			(
				await request(
					`${moodsBase}?${new URLSearchParams({ from: String(fromDate), to: String(toDate) }).toString()}`,
					(v) => v.moodSpanSchema,
					'moods',
					opts?.signal
				)
			).data,
		goals: async (opts) =>
			versionOf() === 'v.1.0'
				? goalsFromV10(
						await single('users/@me/goals', (v) => v.goalsV10Schema, 'goals', opts?.signal)
					)
				: single('users/@me/goals', (v) => v.goalsV11Schema, 'goals', opts?.signal),
		settings: (opts) =>
			single('users/@me/settings', (v) => v.settingsSchema, 'settings', opts?.signal),
		user: (opts) => single('users/@me', (v) => v.userSchema, 'user', opts?.signal),
		async trends(query, opts) {
			const wanted = Math.max(1, Math.trunc(query.numBuckets));
			const first = String(Math.min(wanted, MAX_BUCKETS_PER_REQUEST));
			const legacy = versionOf() === 'v.1.0';
			// v.1.0 asks for a span (`range_duration` units of `range`); with the range unit equal to
			// the bucket size, that is the same count of buckets v.1.1 asks for with num_buckets.
			const params = new URLSearchParams(
				legacy
					? { bucket_size: query.bucketSize, range: query.bucketSize, range_duration: first }
					: { bucket_size: query.bucketSize, num_buckets: first }
			);
			if (query.endDate !== undefined) params.set('end_date', String(query.endDate));
			let url = proxyUrl(base, versionOf(), 'users/@me/trends', `?${params.toString()}`);
			// Pages may arrive in either order inside (the reference API sends each one oldest first),
			// so buckets are keyed by date and the latest `wanted` are chosen by date, not by arrival.
			const byDate = new Map<number, TrendsV11['data'][number]>();
			let earliest: TrendsV11['earliest'] | undefined;
			const seen = new Set<string>();
			for (;;) {
				const data = legacy
					? trendsFromV10(
							(await request(url, (v) => v.trendsV10Schema, 'trends', opts?.signal)).data
						)
					: (await request(url, (v) => v.trendsV11Schema, 'trends', opts?.signal)).data;
				earliest ??= data.earliest;
				for (const bucket of data.data) byDate.set(bucket[0], bucket);
				const next = data.links?.next;
				if (byDate.size >= wanted || !next || data.data.length === 0 || seen.has(next)) break;
				seen.add(next);
				url = proxyUrlForNext(next, base);
			}
			const buckets = [...byDate.values()].sort(([a], [b]) => b - a).slice(0, wanted);
			return { earliest: earliest ?? null, buckets };
		},
		write: async (path, schemaOf, record, write, opts) =>
			(await request(proxyUrl(base, versionOf(), path), schemaOf, record, opts?.signal, write))
				.data,
		get version() {
			return versionOf();
		},
		get lastServerTime() {
			return lastServerTime;
		}
	};
}

/**
 * A v.1.0 trends page in the v.1.1 shape: deep sleep is called sound sleep there, and `gender` is
 * 1 female / 0 male instead of true / false.
 */
export function trendsFromV10(page: TrendsV10): TrendsV11 {
	return {
		...page,
		data: page.data.map(([date, values]) => {
			const { s_deep, n_deep, gender, ...rest } = values;
			const shaped: TrendsV11['data'][number][1] = { ...rest };
			// Absent stays absent: a field the token's scopes hide must not appear as undefined.
			if (s_deep !== undefined) shaped.s_sound = s_deep;
			if (n_deep !== undefined) shaped.n_sound = n_deep;
			if (gender !== undefined) shaped.gender = gender === null ? null : gender ? 1 : 0;
			return [date, shaped];
		})
	};
}

/** The legacy v.1.0 goals in the v.1.1 shape: steps, sleep and weight; no remainders for today. */
export function goalsFromV10(goals: GoalsV10): GoalsV11 {
	const shaped: GoalsV11 = {};
	if (goals.move_steps !== undefined) shaped.move_steps = goals.move_steps;
	if (goals.sleep_total !== undefined) shaped.sleep_total = goals.sleep_total;
	if (goals.body_weight !== undefined) shaped.body_weight = goals.body_weight;
	return shaped;
}

/** The ApiError for a non-2xx response, from its envelope when it has one. */
function errorFromBody(schemas: Validation, status: number, json: unknown): ApiError {
	const parsed = schemas.errorEnvelopeSchema.safeParse(json);
	const meta = parsed.success ? parsed.data.meta : undefined;
	const errorType = meta?.error_type ?? `http_${status}`;
	const detail = meta?.error_detail ?? meta?.message ?? `The data service answered ${status}.`;
	return new ApiError(status, errorType, detail, missingScopeOf(status, errorType, detail));
}
