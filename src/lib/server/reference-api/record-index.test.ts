import { describe, expect, it } from 'vitest';
import { RecordIndex, type IndexedRecord } from './record-index';

interface Row extends IndexedRecord {
	time_updated: number;
}

function indexOf(rows: Row[]): RecordIndex<Row> {
	const index = new RecordIndex<Row>((row) => row.time_updated);
	index.load(rows);
	return index;
}

/** 30 rows over three days; every third row shares its start second with the next one. */
function rows(): Row[] {
	return Array.from({ length: 30 }, (_, i) => ({
		xid: `r${String(29 - i).padStart(2, '0')}`,
		date: 20260101 + Math.floor(i / 10),
		time_created: 1000 + i * 10 - (i % 3 === 1 ? 10 : 0),
		time_updated: 5000 + i
	}));
}

function pageThrough(
	index: RecordIndex<Row>,
	filter: Parameters<RecordIndex<Row>['page']>[0],
	limit: number
) {
	const seen: string[] = [];
	let token: number | null = null;
	for (let guard = 0; guard < 100; guard++) {
		const page = index.page(filter, limit, token);
		seen.push(...page.items.map((row) => row.xid));
		if (page.nextToken === null) return seen;
		token = page.nextToken;
	}
	throw new Error('paging did not end');
}

describe('RecordIndex', () => {
	it('pages a range newest first and returns each record once, for every page size', () => {
		const index = indexOf(rows());
		const expected = rows()
			.sort((a, b) => b.time_created - a.time_created || (a.xid < b.xid ? -1 : 1))
			.map((row) => row.xid);
		for (const limit of [1, 2, 3, 7, 10, 100]) {
			expect(pageThrough(index, { start: 0, end: 10_000 }, limit), `limit ${limit}`).toEqual(
				expected
			);
		}
	});

	it('pages one day and a bounded range', () => {
		const index = indexOf(rows());
		expect(pageThrough(index, { date: 20260102 }, 3)).toHaveLength(10);
		const inRange = pageThrough(index, { start: 1050, end: 1150 }, 4);
		const times = inRange.map((xid) => index.get(xid)?.time_created ?? -1);
		expect(times.every((t) => t >= 1050 && t <= 1150)).toBe(true);
		expect(inRange).toHaveLength(
			rows().filter((r) => r.time_created >= 1050 && r.time_created <= 1150).length
		);
	});

	it('keeps only records updated after the mark, across pages', () => {
		const index = indexOf(rows());
		const seen = pageThrough(index, { start: 0, end: 10_000, updatedAfter: 5020 }, 2);
		expect(seen).toHaveLength(9);
	});

	it('moves a record between days when it is replaced and forgets it when removed', () => {
		const index = indexOf(rows());
		const row = index.get('r00');
		if (row === undefined) throw new Error('missing');
		index.put({ ...row, date: 20260105 });
		expect(index.onDate(20260105).map((r) => r.xid)).toEqual(['r00']);
		expect(index.onDate(20260103).map((r) => r.xid)).not.toContain('r00');
		index.remove('r00');
		expect(index.onDate(20260105)).toEqual([]);
		expect(index.size).toBe(29);
		expect(index.earliestDate()).toBe(20260101);
	});
});
