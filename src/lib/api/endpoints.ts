// The catalogue of every endpoint of the Wellness API: paths, versions, parameters, scopes; browser-safe.
// Path matching (endpoint-paths.ts) and parameter validation (endpoint-params.ts) read it.

import { API_VERSIONS, LATEST_VERSION, type ApiVersion } from './version';

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

// ApiVersion is declared once, in ./version; its callers here name it beside the entries.
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

/** Page size of a list when the request names no `limit`. */
export const DEFAULT_PAGE_SIZE = 10;
/** Largest accepted `limit`. */
export const MAX_LIMIT = 100;

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

export const EPOCH_MAX = 4_102_444_800; // 2100-01-01: anything later is a unit mistake (ms instead of s)
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
