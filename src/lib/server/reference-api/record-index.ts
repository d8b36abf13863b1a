// An in-memory index of one record kind: by id, by local date, and by start time for ranges and pages.

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

// A page token packs the start second of the last item returned and how many items with that same
// start second were already returned, so ties never lose or repeat an item across pages.
const TIE_SLOTS = 1000;

/** Newest first, ties by id: the one stable order every list uses. */
function compareNewestFirst(a: IndexedRecord, b: IndexedRecord): number {
	if (a.time_created !== b.time_created) return b.time_created - a.time_created;
	return a.xid < b.xid ? -1 : a.xid > b.xid ? 1 : 0;
}

export class RecordIndex<T extends IndexedRecord> {
	readonly #byXid = new Map<string, T>();
	readonly #byDate = new Map<number, T[]>();
	/** All records, newest first. */
	#sorted: T[] = [];
	readonly #updatedOf: (record: T) => number;

	constructor(updatedOf: (record: T) => number) {
		this.#updatedOf = updatedOf;
	}

	get size(): number {
		return this.#byXid.size;
	}

	get(xid: string): T | undefined {
		return this.#byXid.get(xid);
	}

	/** Loads many records at once (seeding): one sort instead of one insertion each. */
	load(records: readonly T[]): void {
		for (const record of records) {
			this.#byXid.set(record.xid, record);
			const day = this.#byDate.get(record.date);
			if (day === undefined) this.#byDate.set(record.date, [record]);
			else day.push(record);
		}
		this.#sorted = [...this.#byXid.values()].sort(compareNewestFirst);
		for (const day of this.#byDate.values()) day.sort(compareNewestFirst);
	}

	/** Inserts or replaces a record. */
	put(record: T): void {
		this.remove(record.xid);
		this.#byXid.set(record.xid, record);
		insertSorted(this.#sorted, record);
		const day = this.#byDate.get(record.date);
		if (day === undefined) this.#byDate.set(record.date, [record]);
		else insertSorted(day, record);
	}

	remove(xid: string): T | undefined {
		const record = this.#byXid.get(xid);
		if (record === undefined) return undefined;
		this.#byXid.delete(xid);
		removeSorted(this.#sorted, record);
		const day = this.#byDate.get(record.date);
		if (day !== undefined) {
			removeSorted(day, record);
			if (day.length === 0) this.#byDate.delete(record.date);
		}
		return record;
	}

	/** Records of one local day, newest first. */
	onDate(date: number): readonly T[] {
		return this.#byDate.get(date) ?? [];
	}

	/** Every record, newest first. */
	all(): readonly T[] {
		return this.#sorted;
	}

	/** The earliest local date holding a record, or null when there is none. */
	earliestDate(): number | null {
		let earliest: number | null = null;
		for (const date of this.#byDate.keys())
			if (earliest === null || date < earliest) earliest = date;
		return earliest;
	}

	/** One page of the records matching a filter, newest first, after the cursor `token`. */
	page(filter: ListFilter, limit: number, token: number | null): Page<T> {
		let candidates: readonly T[];
		let from = 0;
		let to: number;
		if (filter.date !== undefined) {
			candidates = this.onDate(filter.date);
			to = candidates.length;
		} else {
			candidates = this.#sorted;
			// Newest first: records started at or before `end` begin at the first index <= end.
			from = filter.end === undefined ? 0 : firstAtOrBefore(candidates, filter.end);
			to =
				filter.start === undefined
					? candidates.length
					: firstAtOrBefore(candidates, filter.start - 1);
		}
		if (token !== null) {
			const startSecond = Math.floor(token / TIE_SLOTS);
			let skipTies = token % TIE_SLOTS;
			from = Math.max(from, firstAtOrBefore(candidates, startSecond));
			while (skipTies > 0 && from < to && candidates[from]?.time_created === startSecond) {
				from++;
				skipTies--;
			}
		}
		const items: T[] = [];
		let index = from;
		for (; index < to && items.length < limit; index++) {
			const record = candidates[index];
			if (record === undefined) break;
			if (filter.updatedAfter !== undefined && this.#updatedOf(record) <= filter.updatedAfter)
				continue;
			items.push(record);
		}
		const hasMore = hasMatchAfter(candidates, index, to, filter, this.#updatedOf);
		const last = items.at(-1);
		if (!hasMore || last === undefined) return { items, nextToken: null };
		let ties = 0;
		for (let i = index - 1; i >= 0 && candidates[i]?.time_created === last.time_created; i--) {
			ties++;
		}
		return { items, nextToken: last.time_created * TIE_SLOTS + Math.min(ties, TIE_SLOTS - 1) };
	}
}

function hasMatchAfter<T extends IndexedRecord>(
	candidates: readonly T[],
	from: number,
	to: number,
	filter: ListFilter,
	updatedOf: (record: T) => number
): boolean {
	for (let i = from; i < to; i++) {
		const record = candidates[i];
		if (record === undefined) return false;
		if (filter.updatedAfter === undefined || updatedOf(record) > filter.updatedAfter) return true;
	}
	return false;
}

/** The first index whose record started at or before `second` (the list is newest first). */
function firstAtOrBefore(records: readonly IndexedRecord[], second: number): number {
	let low = 0;
	let high = records.length;
	while (low < high) {
		const mid = (low + high) >>> 1;
		const record = records[mid];
		if (record !== undefined && record.time_created > second) low = mid + 1;
		else high = mid;
	}
	return low;
}

function insertSorted<T extends IndexedRecord>(records: T[], record: T): void {
	let low = 0;
	let high = records.length;
	while (low < high) {
		const mid = (low + high) >>> 1;
		const other = records[mid];
		if (other !== undefined && compareNewestFirst(other, record) < 0) low = mid + 1;
		else high = mid;
	}
	records.splice(low, 0, record);
}

function removeSorted<T extends IndexedRecord>(records: T[], record: T): void {
	const index = records.indexOf(record);
	if (index !== -1) records.splice(index, 1);
}
