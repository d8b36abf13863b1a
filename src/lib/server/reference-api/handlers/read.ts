// Read handlers shared by the record kinds: lists with pages, single records, images, ticks and snapshots.
import { DEFAULT_PAGE_SIZE } from '$lib/api/endpoints';
import { localDateInt } from '$lib/time/zone';
import { ApiFailure, invalid, notFound } from '../envelope';
import { recordImage } from '../png';
import type { ListFilter } from '../record-index';
import type { RecordKind } from '../store';
import { kindOf, type Handler, type HandlerContext } from './context';

/** The filter a list request asks for: a day (default today), or a time range, or records updated since. */
export function listFilterOf(context: HandlerContext): ListFilter {
	const { query } = context;
	const number = (name: string) => (query[name] === undefined ? undefined : Number(query[name]));
	const date = number('date');
	const start = number('start_time');
	const end = number('end_time');
	const updatedAfter = number('updated_after');
	if (date !== undefined) return { date, updatedAfter };
	if (start !== undefined || end !== undefined || updatedAfter !== undefined) {
		const filter = { start: start ?? 0, end: end ?? context.nowSec, updatedAfter };
		if (filter.start > filter.end) throw invalid('start_time', 'must not be later than end_time');
		return filter;
	}
	return { date: localDateInt(context.nowSec, context.store.homeTz) };
}

/** The relative `next` link: the same resolved filter with the page token (the client treats it as opaque). */
function nextLink(context: HandlerContext, filter: ListFilter, token: number): string {
	const params = new URLSearchParams();
	if (filter.date !== undefined) params.set('date', String(filter.date));
	if (filter.start !== undefined) params.set('start_time', String(filter.start));
	if (filter.end !== undefined) params.set('end_time', String(filter.end));
	if (filter.updatedAfter !== undefined) params.set('updated_after', String(filter.updatedAfter));
	if (context.query.limit !== undefined) params.set('limit', context.query.limit);
	params.set('page_token', String(token));
	return `/nudge/api/${context.version}${context.endpoint.path}?${params.toString()}`;
}

/** The list form of a record: a meal in a list carries no items (only the single-meal read does). */
function listItem(kind: RecordKind, record: object): object {
	if (kind !== 'meals' || !('items' in record)) return record;
	const { items: _items, ...meal } = record;
	return meal;
}

/**
 * A record as served. A move's `time_updated` is refreshed in real time, even for earlier days,
 * because the current BMR keeps changing (the specification's move record).
 */
function served<T extends object>(kind: RecordKind, record: T, nowSec: number): T {
	if (kind !== 'moves' || !('time_updated' in record) || typeof record.time_updated !== 'number')
		return record;
	return { ...record, time_updated: Math.max(record.time_updated, nowSec) };
}

/** The filter a page is read with: every move counts as updated now (see `served`). */
function pageFilterOf(kind: RecordKind, filter: ListFilter, nowSec: number): ListFilter {
	if (kind !== 'moves' || filter.updatedAfter === undefined || filter.updatedAfter >= nowSec)
		return filter;
	const { updatedAfter: _updatedAfter, ...rest } = filter;
	return rest;
}

export const listRecords: Handler = (context) => {
	const kind = kindOf(context.endpoint);
	const filter = listFilterOf(context);
	const limit = context.query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(context.query.limit);
	const token = context.query.page_token === undefined ? null : Number(context.query.page_token);
	const page = context.store.indexes[kind].page(
		pageFilterOf(kind, filter, context.nowSec),
		limit,
		token
	);
	const items = page.items.map((record) => listItem(kind, served(kind, record, context.nowSec)));
	const links = page.nextToken === null ? {} : { next: nextLink(context, filter, page.nextToken) };
	return { data: { items, size: items.length, links } };
};

/** The record a path names, or a 404 naming its kind. */
export function recordOf(context: HandlerContext, kind: RecordKind = kindOf(context.endpoint)) {
	const record = context.store.indexes[kind].get(context.xid);
	if (record === undefined) {
		throw notFound(`No ${context.endpoint.record ?? 'record'} has the id ${context.xid}.`);
	}
	return record;
}

export const getRecord: Handler = (context) => ({
	data: served(kindOf(context.endpoint), recordOf(context), context.nowSec)
});

export const getImage: Handler = (context) => {
	const record = recordOf(context);
	const png = recordImage(`${kindOf(context.endpoint)}:${record.xid}`);
	return new Response(png, {
		status: 200,
		headers: {
			'content-type': 'image/png',
			'content-length': String(png.byteLength),
			'cache-control': 'private, max-age=3600'
		}
	});
};

/** The phases, minute buckets or workout buckets of a record, as v.1.1 `/ticks` items. */
function ticksOf(context: HandlerContext): { time: number; [field: string]: unknown }[] {
	const { store, xid } = context;
	const missing = () => notFound(`No ${context.endpoint.record ?? 'record'} has the id ${xid}.`);
	switch (kindOf(context.endpoint)) {
		case 'moves': {
			const move = store.indexes.moves.get(xid);
			if (move === undefined) throw missing();
			return store.moveTicks(move);
		}
		case 'sleeps': {
			const sleep = store.indexes.sleeps.get(xid);
			if (sleep === undefined) throw missing();
			return store.sleepTicks(sleep);
		}
		case 'workouts': {
			const workout = store.indexes.workouts.get(xid);
			if (workout === undefined) throw missing();
			return store.workoutTicks(workout);
		}
		default:
			throw new ApiFailure(404, 'not_found', 'This record kind has no ticks.');
	}
}

export const getTicks: Handler = (context) => {
	const items = ticksOf(context);
	return { data: { items, size: items.length } };
};

/**
 * The deprecated v.1.0 snapshot: the same buckets as `/ticks` in the older compact shape, a list
 * of `[time, value]` pairs (steps for moves and workouts, depth for sleeps).
 */
export const getSnapshot: Handler = (context) => {
	const valueField = kindOf(context.endpoint) === 'sleeps' ? 'depth' : 'steps';
	const pairs = ticksOf(context).map((tick) => {
		const value = tick[valueField];
		return [tick.time, typeof value === 'number' ? value : null];
	});
	return { data: pairs };
};

/** The mood of a day: the day's last mood, or an empty `data` when there is none. */
export const getMoodOfDay: Handler = (context) => {
	const date =
		context.query.date === undefined
			? localDateInt(context.nowSec, context.store.homeTz)
			: Number(context.query.date);
	const last = context.store.indexes.mood.onDate(date)[0];
	return { data: last ?? {} };
};
