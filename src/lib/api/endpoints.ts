// The catalogue of every endpoint of the Wellness API: paths, versions, parameters, scopes; browser-safe.

// Type-only: this module stays free of runtime dependencies (browser-safe, no zod at runtime).
import type { ApiVersion } from './envelope';

/*
 * One source of truth for the proxy, the client and the embedded reference implementation.
 * Choices where the specification is silent (docs/api-choices.md records them all):
 * - `limit` is 1..100; the page size without `limit` is 10 (the published examples).
 * - Scopes: the specification's names where it gives them, the public list for the rest:
 *   workouts and moves need move_read / move_write (a workout is activity), sleeps sleep_read /
 *   sleep_write, body events weight_read / body_write, mood mood_read / mood_write, meals
 *   meal_read / meal_write, custom events generic_event_read / generic_event_write, resting heart
 *   rates heartrate_read. The public list has no write scope for heart data: creating or deleting
 *   a v.1.0 cardiac event needs `heartrate_write`, defined by this project. Profile, settings and
 *   time zone need basic_read, friends friends_read, band events extended_read.
 * - `scope: null` means "any valid token": goals, settings fields and trends are filtered per
 *   field by scope inside the handler, goal writes check a scope per written field, and the token
 *   routes (refreshToken, PartnerAppMembership) act on the token itself.
 * - `/ticks` exists in v.1.1 only and `/snapshot` in v.1.0 only (the v.1.1 release notes say one
 *   replaced the other); the v.1.0 cardiac family is v.1.0 only.
 * - An `id` is unique within one version: trends and custom event writes have one entry per
 *   version because their parameters differ. The goals write is v.1.1 only, as the specification
 *   lists it.
 */

// ApiVersion is declared once, in ./envelope (the index re-exports both modules).
export type { ApiVersion };
export type HttpMethod = 'GET' | 'POST' | 'DELETE';
export type ParamKind =
	'date' | 'epoch' | 'int' | 'float' | 'string' | 'boolean' | 'json' | 'enum' | 'ticks';

export interface ParamSpec {
	name: string;
	kind: ParamKind;
	required?: boolean;
	min?: number;
	max?: number;
	/** Longest value in characters: the text of a `string`, the JSON text of `json` and `ticks`. */
	maxLength?: number;
	values?: readonly string[];
	/** A time a write sets (`epoch`): at most this many seconds after the validating server's now. */
	maxAheadSec?: number;
	/** An end time (`epoch`): the field holding its start, which it may not precede or pass by more than maxSec. */
	span?: { start: string; maxSec: number };
}

export interface EndpointSpec {
	/** e.g. 'moves.list', 'sleeps.ticks', 'trends.get'; unique within a version. */
	id: string;
	method: HttpMethod;
	/** Template under /nudge/api/<version>, e.g. '/users/@me/moves', '/moves/{xid}/ticks'. */
	path: string;
	versions: readonly ApiVersion[];
	/** Accepted query parameters; anything else is rejected. */
	query: readonly ParamSpec[];
	/** Accepted payload. `query` encoding: the fields travel in the query string (sleep creation). */
	body?: {
		encoding: 'form' | 'multipart' | 'form-or-multipart' | 'query';
		params: readonly ParamSpec[];
	};
	/** Scope needed; null = any valid token (filtered or checked per field by the handler). */
	scope: string | null;
	returns: 'collection' | 'record' | 'empty' | 'png' | 'ticks' | 'trends' | 'single-or-empty';
	/** Record kind named in error messages, e.g. 'move'. */
	record?: string;
	deprecated?: boolean;
	/**
	 * True for the calls this dashboard's own pages make (src/lib/client/api-client.ts): the only
	 * ones the same-origin proxy forwards. Those are reads, plus three writes a person makes on the
	 * pages (the goals, and logging or removing a weigh-in), which the server accepts only from its
	 * own origin. Every other write, and the token and membership routes, are served to
	 * bearer-token callers of the API itself, never through the proxy.
	 */
	browser?: boolean;
}

export const API_VERSIONS: readonly ApiVersion[] = ['v.1.0', 'v.1.1'];
export const LATEST_VERSION: ApiVersion = 'v.1.1';
/** Page size of a list when the request names no `limit`. */
export const DEFAULT_PAGE_SIZE = 10;
/** Largest accepted `limit`. */
export const MAX_LIMIT = 100;

/** What a record id may look like: no dots, slashes, percent signs or `@`, so it cannot escape a path. */
export const XID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const BUCKET_SIZES = ['d', 'w', 'm', 'y'] as const;
export const MOOD_SUB_TYPES = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;
/** The string equivalents accepted for body_weight_intent (the specification does not show them). */
export const BODY_WEIGHT_INTENTS = ['0', '1', '2', 'lose', 'maintain', 'gain'] as const;

/** Every scope a token can hold: the public list plus this project's heartrate_write and body_write. */
export const ALL_SCOPES = [
	'basic_read',
	'extended_read',
	'location_read',
	'friends_read',
	'mood_read',
	'mood_write',
	'move_read',
	'move_write',
	'sleep_read',
	'sleep_write',
	'meal_read',
	'meal_write',
	'weight_read',
	'weight_write',
	'body_write',
	'generic_event_read',
	'generic_event_write',
	'heartrate_read',
	'heartrate_write'
] as const;

const BOTH: readonly ApiVersion[] = API_VERSIONS;
const V10: readonly ApiVersion[] = ['v.1.0'];
const V11: readonly ApiVersion[] = ['v.1.1'];

const EPOCH_MAX = 4_102_444_800; // 2100-01-01: anything later is a unit mistake (ms instead of s)
/**
 * 2000-01-01: the earliest time a write may set. The specification gives no bound; no band or app
 * recorded earlier, and 0 (1970) is the usual sign of a missing value. List filters still start at 0.
 */
export const WRITE_EPOCH_MIN = 946_684_800;
const DAY_SEC = 86_400;
/** How far after the server's now a written time may lie: one day, for a clock that runs ahead. */
export const WRITE_AHEAD_MAX_SEC = DAY_SEC;
/** The longest sleep or workout a write may record. */
export const SPAN_MAX_SEC = DAY_SEC;

const date = (name: string, required = false): ParamSpec => ({ name, kind: 'date', required });
const epoch = (name: string, required = false): ParamSpec => ({
	name,
	kind: 'epoch',
	required,
	max: EPOCH_MAX
});
/** A time a write sets: from 2000-01-01 to a day after now. */
const writeTime = (name: string, required = false): ParamSpec => ({
	name,
	kind: 'epoch',
	required,
	min: WRITE_EPOCH_MIN,
	max: EPOCH_MAX,
	maxAheadSec: WRITE_AHEAD_MAX_SEC
});
/** The end of a sleep or workout: not before its start, at most a day after it. */
const endTime = (name: string, required = false): ParamSpec => ({
	...writeTime(name, required),
	span: { start: 'time_created', maxSec: SPAN_MAX_SEC }
});
const text = (name: string, maxLength: number, required = false): ParamSpec => ({
	name,
	kind: 'string',
	maxLength,
	required
});

const listQuery = (withLimit: boolean): readonly ParamSpec[] => [
	date('date'),
	// Opaque: only ever the value of a `next` link (the reference API packs a tie counter into it).
	{ name: 'page_token', kind: 'int', min: 0, max: Number.MAX_SAFE_INTEGER },
	epoch('start_time'),
	epoch('end_time'),
	epoch('updated_after'),
	...(withLimit ? [{ name: 'limit', kind: 'int', min: 1, max: MAX_LIMIT } satisfies ParamSpec] : [])
];

const place: readonly ParamSpec[] = [
	{ name: 'place_lat', kind: 'float', min: -90, max: 90 },
	{ name: 'place_lon', kind: 'float', min: -180, max: 180 },
	{ name: 'place_acc', kind: 'float', min: 0, max: 1_000_000 },
	text('place_name', 255)
];
const tz = text('tz', 64);
const share: ParamSpec = { name: 'share', kind: 'boolean' };
const imageUrl = text('image_url', 2048);

const optional = (params: readonly ParamSpec[]): readonly ParamSpec[] =>
	params.map((param) => ({ ...param, required: false }));

const workoutFields: readonly ParamSpec[] = [
	writeTime('time_created', true),
	{ name: 'sub_type', kind: 'int', min: 1, max: 29 },
	endTime('time_completed'),
	...place,
	tz,
	share,
	{ name: 'calories', kind: 'int', min: 0, max: 100_000 },
	{ name: 'distance', kind: 'int', min: 0, max: 10_000_000 },
	imageUrl,
	{ name: 'intensity', kind: 'int', min: 1, max: 5 }
];

const sleepFields: readonly ParamSpec[] = [
	writeTime('time_created', true),
	endTime('time_completed', true),
	// A night of minute-by-minute phases is about 12 000 characters.
	{ name: 'ticks', kind: 'ticks', maxLength: 64 * 1024 },
	tz,
	share
];

const bodyFields: readonly ParamSpec[] = [
	{ name: 'weight', kind: 'float', required: true, min: 1, max: 1000 },
	text('title', 255),
	{ name: 'body_fat', kind: 'float', min: 0, max: 100 },
	{ name: 'lean_mass', kind: 'float', min: 0, max: 100 },
	{ name: 'bmi', kind: 'float', min: 0, max: 200 },
	text('note', 512),
	writeTime('time_created'),
	tz,
	share
];

const moodFields: readonly ParamSpec[] = [
	text('title', 255),
	{ name: 'sub_type', kind: 'enum', required: true, values: MOOD_SUB_TYPES },
	writeTime('time_created'),
	tz,
	share
];

const mealFields: readonly ParamSpec[] = [
	text('title', 255),
	text('note', 512),
	imageUrl,
	// A file in a multipart body; the router passes its file name for validation.
	text('photo', 255),
	...place,
	writeTime('time_created'),
	tz,
	// Up to 100 items (the reference API's limit) of a few hundred characters each.
	{ name: 'items', kind: 'json', maxLength: 128 * 1024 }
];

const genericFields = (withShare: boolean): readonly ParamSpec[] => [
	text('title', 255, true),
	text('verb', 34),
	{ name: 'attributes', kind: 'json', maxLength: 16 * 1024 },
	text('note', 512),
	imageUrl,
	...place,
	writeTime('time_created'),
	tz,
	...(withShare ? [share] : [])
];

// The v.1.0 cardiac record is not shown by the specification: this project's shape (records.ts)
// is a blood-pressure reading with an optional pulse.
const cardiacFields: readonly ParamSpec[] = [
	{ name: 'systolic', kind: 'int', required: true, min: 40, max: 300 },
	{ name: 'diastolic', kind: 'int', required: true, min: 20, max: 200 },
	{ name: 'heart_rate', kind: 'int', min: 20, max: 250 },
	text('note', 512),
	writeTime('time_created'),
	tz
];

const goalFieldsV11: readonly ParamSpec[] = [
	{ name: 'move_steps', kind: 'int', min: 0, max: 1_000_000 },
	{ name: 'sleep_total', kind: 'int', min: 0, max: 86_400 },
	{ name: 'body_weight', kind: 'float', min: 1, max: 1000 },
	{ name: 'body_weight_intent', kind: 'enum', values: BODY_WEIGHT_INTENTS }
];

const bucketSize: ParamSpec = { name: 'bucket_size', kind: 'enum', values: BUCKET_SIZES };

/** Read endpoints shared by the record kinds: list, single, image, ticks (v.1.1), snapshot (v.1.0). */
function readFamily(
	kind: string,
	segment: string,
	record: string,
	scope: string,
	options: {
		limit: boolean;
		image: boolean;
		ticks: boolean;
		single?: boolean;
		/** Which of the family the pages call: marked `browser`. */
		browser?: readonly ('list' | 'get' | 'ticks' | 'snapshot')[];
	}
): EndpointSpec[] {
	const browser = (call: 'list' | 'get' | 'ticks' | 'snapshot') =>
		options.browser?.includes(call) === true ? { browser: true } : {};
	const specs: EndpointSpec[] = [
		{
			id: `${kind}.list`,
			method: 'GET',
			path: `/users/@me/${segment}`,
			versions: BOTH,
			query: listQuery(options.limit),
			scope,
			returns: 'collection',
			record,
			...browser('list')
		}
	];
	if (options.single !== false) {
		specs.push({
			id: `${kind}.get`,
			method: 'GET',
			path: `/${segment}/{xid}`,
			versions: BOTH,
			query: [],
			scope,
			returns: 'record',
			record,
			...browser('get')
		});
	}
	if (options.image) {
		specs.push({
			id: `${kind}.image`,
			method: 'GET',
			path: `/${segment}/{xid}/image`,
			versions: BOTH,
			query: [],
			scope,
			returns: 'png',
			record
		});
	}
	if (options.ticks) {
		specs.push(
			{
				id: `${kind}.ticks`,
				method: 'GET',
				path: `/${segment}/{xid}/ticks`,
				versions: V11,
				query: [],
				scope,
				returns: 'ticks',
				record,
				...browser('ticks')
			},
			{
				id: `${kind}.snapshot`,
				method: 'GET',
				path: `/${segment}/{xid}/snapshot`,
				versions: V10,
				query: [],
				scope,
				returns: 'ticks',
				record,
				deprecated: true,
				...browser('snapshot')
			}
		);
	}
	return specs;
}

function writeSpec(
	id: string,
	method: HttpMethod,
	path: string,
	scope: string,
	record: string,
	returns: EndpointSpec['returns'],
	body?: EndpointSpec['body'],
	versions: readonly ApiVersion[] = BOTH
): EndpointSpec {
	return { id, method, path, versions, query: [], body, scope, returns, record };
}

export const endpoints: readonly EndpointSpec[] = [
	// Workouts
	...readFamily('workouts', 'workouts', 'workout', 'move_read', {
		limit: true,
		image: true,
		ticks: true,
		browser: ['list', 'get', 'ticks']
	}),
	writeSpec('workouts.create', 'POST', '/users/@me/workouts', 'move_write', 'workout', 'record', {
		encoding: 'form',
		params: workoutFields
	}),
	writeSpec(
		'workouts.update',
		'POST',
		'/workouts/{xid}/partialUpdate',
		'move_write',
		'workout',
		'record',
		{ encoding: 'form', params: optional(workoutFields) }
	),
	writeSpec('workouts.delete', 'DELETE', '/workouts/{xid}', 'move_write', 'workout', 'empty'),

	// Sleeps: the creation example passes its fields in the query string.
	// A night's phases: /ticks in v.1.1, the older /snapshot from an upstream that speaks only v.1.0.
	...readFamily('sleeps', 'sleeps', 'sleep', 'sleep_read', {
		limit: false,
		image: true,
		ticks: true,
		browser: ['list', 'get', 'ticks', 'snapshot']
	}),
	writeSpec('sleeps.create', 'POST', '/users/@me/sleeps', 'sleep_write', 'sleep', 'record', {
		encoding: 'query',
		params: sleepFields
	}),
	writeSpec('sleeps.delete', 'DELETE', '/sleeps/{xid}', 'sleep_write', 'sleep', 'empty'),

	// Moves: read-only, the band alone writes them.
	...readFamily('moves', 'moves', 'move', 'move_read', {
		limit: false,
		image: true,
		ticks: true,
		browser: ['list', 'get', 'ticks']
	}),

	// Body events
	...readFamily('body_events', 'body_events', 'body event', 'weight_read', {
		limit: true,
		image: false,
		ticks: false,
		browser: ['list']
	}),
	// The Body page logs and removes weigh-ins: the two writes the pages make besides goals.
	{
		...writeSpec(
			'body_events.create',
			'POST',
			'/users/@me/body_events',
			'body_write',
			'body event',
			'record',
			{ encoding: 'form', params: bodyFields }
		),
		browser: true
	},
	{
		...writeSpec(
			'body_events.delete',
			'DELETE',
			'/body_events/{xid}',
			'body_write',
			'body event',
			'empty'
		),
		browser: true
	},

	// Mood: the daily read answers one mood (the day's last) or an empty `data`.
	{
		id: 'mood.daily',
		method: 'GET',
		path: '/users/@me/mood',
		versions: BOTH,
		query: [date('date')],
		scope: 'mood_read',
		returns: 'single-or-empty',
		record: 'mood',
		browser: true
	},
	{
		id: 'mood.get',
		method: 'GET',
		path: '/mood/{xid}',
		versions: BOTH,
		query: [],
		scope: 'mood_read',
		returns: 'record',
		record: 'mood'
	},
	// The Mood view logs a mood and deletes one it logged: the only writes the pages make.
	{
		...writeSpec('mood.create', 'POST', '/users/@me/mood', 'mood_write', 'mood', 'record', {
			encoding: 'form',
			params: moodFields
		}),
		browser: true
	},
	{
		...writeSpec('mood.delete', 'DELETE', '/mood/{xid}', 'mood_write', 'mood', 'empty'),
		browser: true
	},

	// Meals: multipart per the specification; a form body is accepted too.
	// The Food view reads the list, and a day's meals one by one for their items.
	...readFamily('meals', 'meals', 'meal', 'meal_read', {
		limit: false,
		image: false,
		ticks: false,
		browser: ['list', 'get']
	}),
	writeSpec('meals.create', 'POST', '/users/@me/meals', 'meal_write', 'meal', 'record', {
		encoding: 'form-or-multipart',
		params: mealFields
	}),
	writeSpec('meals.update', 'POST', '/meals/{xid}/partialUpdate', 'meal_write', 'meal', 'record', {
		encoding: 'form-or-multipart',
		params: optional(mealFields)
	}),
	writeSpec('meals.delete', 'DELETE', '/meals/{xid}', 'meal_write', 'meal', 'empty'),

	// Resting heart rates (v.1.1 list) and the v.1.0 cardiac family.
	...readFamily('heartrates', 'heartrates', 'heart rate', 'heartrate_read', {
		limit: true,
		image: false,
		ticks: false,
		single: false,
		browser: ['list']
	}),
	{
		id: 'cardiac_events.list',
		method: 'GET',
		path: '/users/@me/cardiac_events',
		versions: V10,
		query: listQuery(true),
		scope: 'heartrate_read',
		returns: 'collection',
		record: 'cardiac event',
		browser: true
	},
	{
		id: 'cardiac_events.get',
		method: 'GET',
		path: '/cardiac_events/{xid}',
		versions: V10,
		query: [],
		scope: 'heartrate_read',
		returns: 'record',
		record: 'cardiac event'
	},
	writeSpec(
		'cardiac_events.create',
		'POST',
		'/users/@me/cardiac_events',
		'heartrate_write',
		'cardiac event',
		'record',
		{ encoding: 'form', params: cardiacFields },
		V10
	),
	writeSpec(
		'cardiac_events.delete',
		'DELETE',
		'/cardiac_events/{xid}',
		'heartrate_write',
		'cardiac event',
		'empty',
		undefined,
		V10
	),

	// Custom (generic) events: v.1.0 forms have no `share`.
	...readFamily('generic_events', 'generic_events', 'custom event', 'generic_event_read', {
		limit: true,
		image: false,
		ticks: false
	}),
	writeSpec(
		'generic_events.create',
		'POST',
		'/users/@me/generic_events',
		'generic_event_write',
		'custom event',
		'record',
		{ encoding: 'form', params: genericFields(true) },
		V11
	),
	writeSpec(
		'generic_events.create',
		'POST',
		'/users/@me/generic_events',
		'generic_event_write',
		'custom event',
		'record',
		{ encoding: 'form', params: genericFields(false) },
		V10
	),
	writeSpec(
		'generic_events.update',
		'POST',
		'/generic_events/{xid}/partialUpdate',
		'generic_event_write',
		'custom event',
		'record',
		{ encoding: 'form', params: optional(genericFields(true)) },
		V11
	),
	writeSpec(
		'generic_events.update',
		'POST',
		'/generic_events/{xid}/partialUpdate',
		'generic_event_write',
		'custom event',
		'record',
		{ encoding: 'form', params: optional(genericFields(false)) },
		V10
	),
	writeSpec(
		'generic_events.delete',
		'DELETE',
		'/generic_events/{xid}',
		'generic_event_write',
		'custom event',
		'empty'
	),

	// Goals: read filtered per field, written with a scope per field; the write is v.1.1 only (a
	// v.1.0 POST answers 405 like any other method a path does not have).
	{
		id: 'goals.get',
		method: 'GET',
		path: '/users/@me/goals',
		versions: BOTH,
		query: [],
		scope: null,
		returns: 'record',
		record: 'goals',
		browser: true
	},
	{
		id: 'goals.update',
		method: 'POST',
		path: '/users/@me/goals',
		versions: V11,
		query: [],
		body: { encoding: 'form', params: goalFieldsV11 },
		scope: null,
		returns: 'empty',
		record: 'goals',
		browser: true
	},

	// Settings, user, friends, time zone, band events
	{
		id: 'settings.get',
		method: 'GET',
		path: '/users/@me/settings',
		versions: BOTH,
		query: [],
		scope: null,
		returns: 'record',
		record: 'settings',
		browser: true
	},
	{
		id: 'user.get',
		method: 'GET',
		path: '/users/@me',
		versions: BOTH,
		query: [],
		scope: 'basic_read',
		returns: 'record',
		record: 'user',
		browser: true
	},
	{
		// The picture the user record's `image` links to (the specification gives the link, not the route).
		id: 'user.image',
		method: 'GET',
		path: '/users/@me/image',
		versions: BOTH,
		query: [],
		scope: 'basic_read',
		returns: 'png',
		record: 'user'
	},
	{
		id: 'friends.list',
		method: 'GET',
		path: '/users/@me/friends',
		versions: BOTH,
		query: [],
		scope: 'friends_read',
		returns: 'collection',
		record: 'friend'
	},
	{
		id: 'timezone.get',
		method: 'GET',
		path: '/users/@me/timezone',
		versions: BOTH,
		query: [],
		scope: 'basic_read',
		returns: 'record',
		record: 'time zone'
	},
	{
		id: 'bandevents.list',
		method: 'GET',
		path: '/users/@me/bandevents',
		versions: BOTH,
		query: listQuery(true),
		scope: 'extended_read',
		returns: 'collection',
		record: 'band event'
	},

	// Trends: v.1.0 range + range_duration, v.1.1 num_buckets (required).
	{
		id: 'trends.get',
		method: 'GET',
		path: '/users/@me/trends',
		versions: V11,
		query: [
			date('end_date'),
			bucketSize,
			{ name: 'num_buckets', kind: 'int', required: true, min: 1, max: 100 }
		],
		scope: null,
		returns: 'trends',
		record: 'trends',
		browser: true
	},
	{
		id: 'trends.get',
		method: 'GET',
		path: '/users/@me/trends',
		versions: V10,
		query: [
			date('end_date'),
			bucketSize,
			{ name: 'range', kind: 'enum', values: BUCKET_SIZES },
			{ name: 'range_duration', kind: 'int', min: 1, max: 100 }
		],
		scope: null,
		returns: 'trends',
		record: 'trends',
		browser: true
	},

	// Token routes (docs/api-choices.md, Sign-in and tokens): the older refresh route and the disconnect.
	{
		id: 'token.refresh',
		method: 'POST',
		path: '/users/@me/refreshToken',
		versions: BOTH,
		query: [],
		body: { encoding: 'form', params: [text('secret', 512, true)] },
		scope: null,
		returns: 'record',
		record: 'token'
	},
	{
		id: 'membership.delete',
		method: 'DELETE',
		path: '/users/@me/PartnerAppMembership',
		versions: BOTH,
		query: [],
		scope: null,
		returns: 'empty',
		record: 'membership'
	}
];

export interface EndpointMatch {
	endpoint: EndpointSpec;
	version: ApiVersion;
	pathParams: { xid?: string };
}

export type MatchFailure = { error: 'not_found' | 'method_not_allowed'; allowed?: HttpMethod[] };

const VERSION_SEGMENT = /^v\.\d+\.\d+$/;

function isApiVersion(segment: string): segment is ApiVersion {
	return segment === 'v.1.0' || segment === 'v.1.1';
}

/** Matches one template against path segments; returns the xid, '' when the template has none, or null. */
function matchTemplate(template: readonly string[], segments: readonly string[]): string | null {
	if (template.length !== segments.length) return null;
	let xid = '';
	for (let i = 0; i < template.length; i++) {
		const want = template[i];
		const got = segments[i];
		if (want === undefined || got === undefined) return null;
		if (want === '{xid}') {
			if (!XID_PATTERN.test(got)) return null;
			xid = got;
		} else if (want !== got && !(want === '@me' && got.toLowerCase() === '%40me')) {
			// `%40me` is how encodeURIComponent writes `@me`; any other encoded segment is refused.
			return null;
		}
	}
	return xid;
}

const templates = endpoints.map((endpoint) => ({
	endpoint,
	segments: endpoint.path.split('/').slice(1)
}));

/**
 * Finds the endpoint for a method and a path after `/nudge/api/` ('v.1.1/users/@me/moves', or
 * unversioned 'users/@me/moves' which means the latest version). One trailing slash is accepted.
 * The path is matched undecoded, so an encoded slash or dot never reaches an id.
 */
export function matchEndpoint(
	method: string,
	path: string,
	/** Only these endpoints exist for this caller (the proxy passes `isBrowserCallable`). */
	accepts: (endpoint: EndpointSpec) => boolean = () => true
): EndpointMatch | MatchFailure {
	const cut = path.search(/[?#]/);
	let rest = (cut === -1 ? path : path.slice(0, cut)).replace(/^\/+/, '');
	if (rest.endsWith('/')) rest = rest.slice(0, -1);
	const segments = rest.split('/');
	let version: ApiVersion = LATEST_VERSION;
	const first = segments[0];
	if (first !== undefined && VERSION_SEGMENT.test(first)) {
		if (!isApiVersion(first)) return { error: 'not_found' };
		version = first;
		segments.shift();
	}
	if (segments.length === 0 || segments.some((segment) => segment === '')) {
		return { error: 'not_found' };
	}
	const allowed = new Set<HttpMethod>();
	for (const { endpoint, segments: template } of templates) {
		if (!endpoint.versions.includes(version) || !accepts(endpoint)) continue;
		const xid = matchTemplate(template, segments);
		if (xid === null) continue;
		if (endpoint.method === method.toUpperCase()) {
			return { endpoint, version, pathParams: xid === '' ? {} : { xid } };
		}
		allowed.add(endpoint.method);
	}
	if (allowed.size === 0) return { error: 'not_found' };
	return { error: 'method_not_allowed', allowed: [...allowed].sort() };
}

/** True for the calls the dashboard's pages make, the only ones the same-origin proxy forwards. */
export function isBrowserCallable(endpoint: EndpointSpec): boolean {
	return endpoint.browser === true;
}

/** Looks an endpoint up by id and version, for clients that build requests from the catalogue. */
export function findEndpoint(
	id: string,
	version: ApiVersion = LATEST_VERSION
): EndpointSpec | undefined {
	return endpoints.find((endpoint) => endpoint.id === id && endpoint.versions.includes(version));
}

/** Fills a path template: expandPath('/moves/{xid}/ticks', 'abc') = '/moves/abc/ticks'. */
export function expandPath(template: string, xid?: string): string {
	if (!template.includes('{xid}')) return template;
	if (xid === undefined || !XID_PATTERN.test(xid)) throw new Error('invalid record id');
	return template.replace('{xid}', xid);
}

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
