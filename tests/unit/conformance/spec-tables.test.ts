// The reference API's records against the specification's field tables, written out here from the
// specification ("Resources and their fields"), not derived from the client's schemas: the other
// conformance suite proves that server and client agree; this one, that both match the document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFORMANCE_NOW, CONFORMANCE_TOKEN, startServer, type StartedServer } from './server';

/** A field's documented type. `int` and `number` may be null ("null when the data is missing"). */
type FieldType = 'int' | 'number' | 'string' | 'uri' | 'boolean' | 'date' | 'object' | 'array';
type Presence = 'always' | 'optional';
type Table = readonly (readonly [path: string, type: FieldType, presence?: Presence])[];

const LOCATION: Table = [
	['place_lat', 'number', 'optional'],
	['place_lon', 'number', 'optional'],
	['place_acc', 'number', 'optional'],
	['place_name', 'string', 'optional']
];

const WORKOUT: Table = [
	['xid', 'string'],
	['title', 'string'],
	['type', 'string'],
	['sub_type', 'int'],
	['time_created', 'int'],
	['time_updated', 'int'],
	['time_completed', 'int'],
	['date', 'date'],
	...LOCATION,
	// Null for a workout with no place: an indoor workout has no route to draw (demo/README.md).
	['route', 'uri', 'optional'],
	['image', 'uri'],
	['snapshot_image', 'uri'],
	// "only present if the user wore the band"
	['details.steps', 'int', 'optional'],
	['details.time', 'int'],
	['details.bg_active_time', 'int', 'optional'],
	['details.meters', 'int'],
	['details.km', 'number'],
	['details.intensity', 'int'],
	['details.calories', 'int'],
	['details.bmr', 'number'],
	['details.bmr_calories', 'number'],
	['details.bg_calories', 'number', 'optional'],
	['details.tz', 'string']
];

const SLEEP: Table = [
	['xid', 'string'],
	['title', 'string'],
	// "documented; absent in samples"
	['type', 'string', 'optional'],
	['sub_type', 'int'],
	['time_created', 'int'],
	['time_completed', 'int'],
	['date', 'date'],
	...LOCATION,
	['snapshot_image', 'uri'],
	['details.smart_alarm_fire', 'int'],
	['details.awake_time', 'int'],
	['details.asleep_time', 'int'],
	['details.awakenings', 'int'],
	['details.rem', 'int'],
	['details.light', 'int'],
	['details.deep', 'int'],
	['details.awake', 'int'],
	['details.duration', 'int'],
	['details.tz', 'string']
];

const MOVE: Table = [
	['xid', 'string'],
	['title', 'string'],
	['type', 'string'],
	['time_created', 'int'],
	['time_updated', 'int'],
	['time_completed', 'int'],
	['date', 'date'],
	['snapshot_image', 'uri'],
	['details.distance', 'int'],
	['details.km', 'number'],
	['details.steps', 'int'],
	['details.active_time', 'int'],
	['details.longest_active', 'int'],
	['details.inactive_time', 'int'],
	['details.longest_idle', 'int'],
	['details.calories', 'number'],
	['details.bmr_day', 'number'],
	['details.bmr', 'number'],
	['details.bg_calories', 'number'],
	['details.wo_calories', 'number'],
	['details.wo_time', 'int'],
	['details.wo_active_time', 'int'],
	['details.wo_count', 'int'],
	['details.wo_longest', 'int'],
	// "in list sample"
	['details.sunrise', 'int', 'optional'],
	['details.sunset', 'int', 'optional'],
	['details.tz', 'string'],
	// Only on a day that crossed zones.
	['details.tzs', 'array', 'optional'],
	['details.hourly_totals', 'object']
];

/** Each value of a move's `hourly_totals` (keyed YYYYMMDDHH). */
const HOURLY_TOTAL: Table = [
	['distance', 'number'],
	['calories', 'number'],
	['steps', 'int'],
	['active_time', 'int'],
	['inactive_time', 'int'],
	['longest_active_time', 'int'],
	['longest_idle_time', 'int']
];

const BODY: Table = [
	['xid', 'string'],
	['title', 'string'],
	['type', 'string'],
	['time_created', 'int'],
	['time_updated', 'int'],
	['date', 'date'],
	...LOCATION,
	['note', 'string', 'optional'],
	['lean_mass', 'number'],
	['weight', 'number'],
	['body_fat', 'number'],
	['bmi', 'number'],
	// "null when not given"
	['details.tz', 'string', 'optional']
];

const HEART_RATE: Table = [
	['xid', 'string'],
	['title', 'string'],
	['time_created', 'int'],
	['time_updated', 'int'],
	['date', 'date'],
	...LOCATION,
	['resting_heartrate', 'int'],
	['details.tz', 'string']
];

const GOALS_V11: Table = [
	['move_steps', 'int'],
	['sleep_total', 'int'],
	['body_weight', 'number'],
	['body_weight_intent', 'int'],
	['remaining_for_day.intake_calories_remaining', 'number'],
	['remaining_for_day.move_steps_remaining', 'int'],
	['remaining_for_day.sleep_seconds_remaining', 'int']
];

const SETTINGS: Table = [
	['xid', 'string'],
	['metric', 'int'],
	['share_sleep', 'boolean'],
	['share_mood', 'boolean'],
	['share_body', 'boolean'],
	['share_eat', 'boolean'],
	['share_move', 'boolean'],
	['goals.move.steps', 'int'],
	['goals.sleep.total', 'int']
];

const USER: Table = [
	['xid', 'string'],
	['first', 'string'],
	['last', 'string'],
	['image', 'uri'],
	['weight', 'number'],
	['height', 'number']
];

function at(record: unknown, path: string): { present: boolean; value: unknown } {
	let current: unknown = record;
	for (const key of path.split('.')) {
		if (typeof current !== 'object' || current === null || !(key in current)) {
			return { present: false, value: undefined };
		}
		current = (current as Record<string, unknown>)[key];
	}
	return { present: true, value: current };
}

/** Why a value does not have its documented type, or null when it does. */
function typeProblem(value: unknown, type: FieldType, optional: boolean): string | null {
	if (value === null) {
		// "float or int fields can be null when the data is missing"; optional fields may be null too.
		return type === 'int' || type === 'number' || optional ? null : 'is null';
	}
	switch (type) {
		case 'int':
			return Number.isInteger(value) ? null : `is ${JSON.stringify(value)}, not an integer`;
		case 'number':
			// The examples show place_lat and place_lon as quoted strings.
			if (typeof value === 'string' && value !== '' && Number.isFinite(Number(value))) return null;
			return typeof value === 'number' && Number.isFinite(value)
				? null
				: `is ${JSON.stringify(value)}, not a number`;
		case 'string':
			return typeof value === 'string' ? null : `is ${typeof value}, not a string`;
		case 'uri':
			return typeof value === 'string' && value.startsWith('/')
				? null
				: `is ${JSON.stringify(value)}, not a relative link`;
		case 'boolean':
			return typeof value === 'boolean' ? null : `is ${typeof value}, not a boolean`;
		case 'date':
			return typeof value === 'number' &&
				Number.isInteger(value) &&
				/^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(value.toString())
				? null
				: `is ${JSON.stringify(value)}, not a YYYYMMDD integer`;
		case 'object':
			return typeof value === 'object' && !Array.isArray(value) ? null : 'is not an object';
		case 'array':
			return Array.isArray(value) ? null : 'is not an array';
	}
}

/** Every way `records` depart from `table`, one line each (at most one per field). */
function departures(records: readonly unknown[], table: Table): string[] {
	const found = new Map<string, string>();
	for (const record of records) {
		for (const [path, type, presence = 'always'] of table) {
			if (found.has(path)) continue;
			const { present, value } = at(record, path);
			if (!present) {
				if (presence === 'always') found.set(path, `${path} is missing`);
				continue;
			}
			const problem = typeProblem(value, type, presence === 'optional');
			if (problem !== null) found.set(path, `${path} ${problem}`);
		}
	}
	return [...found.values()];
}

let server: StartedServer;
const NOW = Date.parse(CONFORMANCE_NOW) / 1000;
const RANGE = `start_time=${NOW - 100 * 86_400}&end_time=${NOW}`;

beforeAll(async () => {
	server = await startServer();
}, 90_000);

afterAll(async () => {
	await server.stop();
});

async function data(path: string): Promise<Record<string, unknown>> {
	const response = await fetch(`${server.url}/nudge/api/v.1.1${path}`, {
		headers: { authorization: `Bearer ${CONFORMANCE_TOKEN}` }
	});
	expect(response.status, path).toBe(200);
	const body = (await response.json()) as { data: Record<string, unknown> };
	return body.data;
}

/** Every item of a list, following `next` links. */
async function items(path: string): Promise<unknown[]> {
	const all: unknown[] = [];
	let next: string | null = path;
	for (let page = 0; next !== null && page < 200; page++) {
		const response: Response = await fetch(`${server.url}${next}`, {
			headers: { authorization: `Bearer ${CONFORMANCE_TOKEN}` }
		});
		const body = (await response.json()) as {
			data: { items: unknown[]; links?: { next?: string } };
		};
		all.push(...body.data.items);
		next = body.data.links?.next ?? null;
	}
	return all;
}

describe('records match the specification’s field tables', () => {
	it.each([
		['workouts', WORKOUT],
		['sleeps', SLEEP],
		['moves', MOVE],
		['body_events', BODY],
		['heartrates', HEART_RATE]
	] as const)('every %s record has each documented field with its type', async (kind, table) => {
		const records = await items(`/nudge/api/v.1.1/users/@me/${kind}?${RANGE}`);
		expect(records.length).toBeGreaterThan(3);
		expect(departures(records, table)).toEqual([]);
	});

	it('every hourly total of a move has the seven documented figures, keyed YYYYMMDDHH', async () => {
		const moves = await items(`/nudge/api/v.1.1/users/@me/moves?${RANGE}`);
		const totals: unknown[] = [];
		const badKeys: string[] = [];
		for (const move of moves) {
			const hourly = at(move, 'details.hourly_totals').value as Record<string, unknown>;
			for (const [key, value] of Object.entries(hourly)) {
				if (!/^\d{10}$/.test(key)) badKeys.push(key);
				totals.push(value);
			}
		}
		expect(totals.length).toBeGreaterThan(24);
		expect(badKeys).toEqual([]);
		expect(departures(totals, HOURLY_TOTAL)).toEqual([]);
	});

	it('goals, settings and the user have each documented field with its type', async () => {
		expect(departures([await data('/users/@me/goals')], GOALS_V11)).toEqual([]);
		expect(departures([await data('/users/@me/settings')], SETTINGS)).toEqual([]);
		expect(departures([await data('/users/@me')], USER)).toEqual([]);
	});

	it('a mood’s sub_type is one of the eight the specification lists', async () => {
		const moods: unknown[] = [];
		for (let day = 0; day < 14; day++) {
			const date = new Date((NOW - day * 86_400) * 1000)
				.toISOString()
				.slice(0, 10)
				.replaceAll('-', '');
			const mood = await data(`/users/@me/mood?date=${date}`);
			if ('xid' in mood) moods.push(mood);
		}
		expect(moods.length).toBeGreaterThan(3);
		for (const mood of moods)
			expect([1, 2, 3, 4, 5, 6, 7, 8]).toContain(at(mood, 'sub_type').value);
	});
});
