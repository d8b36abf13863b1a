// One record kind of one account in the database: by id, by local date, and by start time for ranges and pages.
import type { Statement } from 'better-sqlite3';
import { openDatabase, type StoreDatabase } from './database';

export interface IndexedRecord {
	xid: string;
	date: number;
	time_created: number;
}

export interface ListFilter {
	/** One local day (YYYYMMDD). */
	date?: number;
	/** Records that started in [start, end] (epoch seconds). */
	start?: number;
	end?: number;
	/** Only records updated strictly later than this (epoch seconds). */
	updatedAfter?: number;
}

export interface Page<T> {
	items: T[];
	/** Opaque cursor of the next page, or null on the last page. */
	nextToken: number | null;
}

/** Where an index keeps its rows: one account's records of one kind. */
export interface RecordTable {
	db: StoreDatabase;
	account: string;
	kind: string;
}

/** Who created a record when the writer does not say: the band or app. */
const DEFAULT_CREATOR = 'band';

// A page token packs the start second of the last item returned and how many items with that same
// start second were already returned, so ties never lose or repeat an item across pages.
const TIE_SLOTS = 1000;

/** Newest first, ties by id: the one stable order every list uses. */
const ORDER = 'ORDER BY time_created DESC, xid ASC';

interface BodyRow {
	body: string;
}

/** A stored record: it was checked against its schema when written, so it is trusted here. */
function parseStored<T>(row: BodyRow): T {
	return JSON.parse(row.body) as T;
}

export class RecordIndex<T extends IndexedRecord> {
	readonly #db: StoreDatabase;
	readonly #scope: [string, string];
	readonly #updatedOf: (record: T) => number;
	readonly #statements = new Map<string, Statement<unknown[]>>();

	/** Without a table the index keeps its rows in a private in-memory database. */
	constructor(updatedOf: (record: T) => number, table?: RecordTable) {
		this.#updatedOf = updatedOf;
		this.#db = table?.db ?? openDatabase(null);
		this.#scope = [table?.account ?? 'records', table?.kind ?? 'records'];
	}

	#statement(sql: string) {
		let statement = this.#statements.get(sql);
		if (statement === undefined) {
			statement = this.#db.prepare<unknown[]>(sql);
			this.#statements.set(sql, statement);
		}
		return statement;
	}

	#all(where: string, tail: string, ...params: unknown[]): T[] {
		const sql = `SELECT body FROM records WHERE account = ? AND kind = ?${where} ${tail}`;
		const rows = this.#statement(sql).all(...this.#scope, ...params) as BodyRow[];
		return rows.map((row) => parseStored<T>(row));
	}

	get size(): number {
		const sql = 'SELECT count(*) AS n FROM records WHERE account = ? AND kind = ?';
		const row = this.#statement(sql).get(...this.#scope) as { n: number };
		return row.n;
	}

	get(xid: string): T | undefined {
		return this.#all(' AND xid = ?', '', xid)[0];
	}

	/** Who created the record (the band or app for seeded and imported ones), undefined if none. */
	creatorOf(xid: string): string | undefined {
		const sql = 'SELECT creator FROM records WHERE account = ? AND kind = ? AND xid = ?';
		const row = this.#statement(sql).get(...this.#scope, xid) as { creator: string } | undefined;
		return row?.creator;
	}

	/** Loads many records at once (seeding), in one transaction. */
	load(records: readonly T[], creator = DEFAULT_CREATOR): void {
		this.#db.transaction(() => {
			for (const record of records) this.put(record, creator);
		})();
	}

	/** Inserts or replaces a record. */
	put(record: T, creator = DEFAULT_CREATOR): void {
		const sql = `INSERT INTO records (account, kind, xid, date, time_created, time_updated, creator, body)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (account, kind, xid) DO UPDATE SET date = excluded.date,
				time_created = excluded.time_created, time_updated = excluded.time_updated,
				creator = excluded.creator, body = excluded.body`;
		this.#statement(sql).run(
			...this.#scope,
			record.xid,
			record.date,
			record.time_created,
			this.#updatedOf(record),
			creator,
			JSON.stringify(record)
		);
	}

	/** The stored text of a record, to tell an identical re-import from a changed one. */
	storedText(xid: string): string | undefined {
		const sql = 'SELECT body FROM records WHERE account = ? AND kind = ? AND xid = ?';
		return (this.#statement(sql).get(...this.#scope, xid) as BodyRow | undefined)?.body;
	}

	remove(xid: string): T | undefined {
		const record = this.get(xid);
		if (record === undefined) return undefined;
		this.#statement('DELETE FROM records WHERE account = ? AND kind = ? AND xid = ?').run(
			...this.#scope,
			xid
		);
		return record;
	}

	/** Records of one local day, newest first. */
	onDate(date: number): readonly T[] {
		return this.#all(' AND date = ?', ORDER, date);
	}

	/** The record that started last, or undefined when there is none. */
	newest(): T | undefined {
		return this.#all('', `${ORDER} LIMIT 1`)[0];
	}

	/** The record that started last on the latest local date up to `date` holding one. */
	latestOnOrBefore(date: number): T | undefined {
		const sql =
			'SELECT max(date) AS date FROM records WHERE account = ? AND kind = ? AND date <= ?';
		const row = this.#statement(sql).get(...this.#scope, date) as { date: number | null };
		return row.date === null ? undefined : this.onDate(row.date)[0];
	}

	/** The earliest local date holding a record, or null when there is none. */
	earliestDate(): number | null {
		const sql = 'SELECT min(date) AS date FROM records WHERE account = ? AND kind = ?';
		const row = this.#statement(sql).get(...this.#scope) as { date: number | null };
		return row.date;
	}

	/** One page of the records matching a filter, newest first, after the cursor `token`. */
	page(filter: ListFilter, limit: number, token: number | null): Page<T> {
		// The candidates: the day's records, or every record (bounded by the range below).
		const base = filter.date === undefined ? '' : ' AND date = ?';
		const baseParams = filter.date === undefined ? [] : [filter.date];
		let where = base;
		const params: unknown[] = [...baseParams];
		if (filter.date === undefined && filter.end !== undefined) {
			where += ' AND time_created <= ?';
			params.push(filter.end);
		}
		if (filter.date === undefined && filter.start !== undefined) {
			where += ' AND time_created >= ?';
			params.push(filter.start);
		}
		if (token !== null) {
			const startSecond = Math.floor(token / TIE_SLOTS);
			const skipTies = token % TIE_SLOTS;
			// The last of the already returned records of that second, in list order.
			const cutoff =
				skipTies === 0
					? undefined
					: (this.#statement(
							`SELECT xid FROM records WHERE account = ? AND kind = ?${base} AND time_created = ?
								ORDER BY xid LIMIT 1 OFFSET ?`
						).get(...this.#scope, ...baseParams, startSecond, skipTies - 1) as
							{ xid: string } | undefined);
			if (skipTies === 0) {
				where += ' AND time_created <= ?';
				params.push(startSecond);
			} else if (cutoff === undefined) {
				where += ' AND time_created < ?';
				params.push(startSecond);
			} else {
				where += ' AND (time_created < ? OR (time_created = ? AND xid > ?))';
				params.push(startSecond, startSecond, cutoff.xid);
			}
		}
		if (filter.updatedAfter !== undefined) {
			where += ' AND time_updated > ?';
			params.push(filter.updatedAfter);
		}
		const rows = this.#all(where, `${ORDER} LIMIT ?`, ...params, limit + 1);
		const items = rows.slice(0, limit);
		const last = items.at(-1);
		if (rows.length <= limit || last === undefined) return { items, nextToken: null };
		// Ties count every candidate of that second up to the last item, updated or not.
		const ties = this.#statement(
			`SELECT count(*) AS n FROM records WHERE account = ? AND kind = ?${base}
				AND time_created = ? AND xid <= ?`
		).get(...this.#scope, ...baseParams, last.time_created, last.xid) as { n: number };
		return {
			items,
			nextToken: last.time_created * TIE_SLOTS + Math.min(ties.n, TIE_SLOTS - 1)
		};
	}
}
