import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importFile, importStream, MemorySink } from './index';

// Expected figures are worked out by hand from the rows written in fixtures/generate.ts.
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const utc = (y: number, mo: number, d: number, h: number, mi: number) =>
	Date.UTC(y, mo - 1, d, h, mi) / 1000;

async function imported() {
	const sink = new MemorySink();
	const summary = await importFile(fixture('up-export.csv'), sink, { tz: 'Europe/Berlin' });
	return { sink, summary };
}

function byDate<T extends { record: { date: number } }>(items: T[]): T[] {
	return [...items].sort((a, b) => a.record.date - b.record.date);
}

function csv(text: string) {
	return importStream(Readable.from([Buffer.from(text)]), 'up-csv', new MemorySink(), {
		fileName: 'up.csv'
	});
}

describe('UP export import', () => {
	it('yields a move, a sleep, a body event and a day of food per row that has them', async () => {
		const { summary } = await imported();
		expect(summary.records).toEqual({
			moves: 3,
			sleeps: 2,
			workouts: 0,
			body_events: 2,
			meals: 2,
			heartrates: 0,
			cardiac_events: 0
		});
	});

	it('marks moves as daily only: no hourly totals and no ticks', async () => {
		const { sink } = await imported();
		const moves = byDate(sink.list('moves'));
		const first = moves[0];
		if (!first || first.kind !== 'moves') throw new Error('no move');
		expect(first.record.date).toBe(20240330);
		expect(first.record.details).toMatchObject({
			steps: 8000,
			distance: 6000,
			km: 6,
			active_time: 3600,
			calories: 350,
			bmr_day: 1650,
			tz: 'Europe/Berlin',
			hourly_totals: {},
			daily_only: true
		});
		expect(first.ticks).toEqual([]);
		// 30 March starts at 00:00 +0100.
		expect(first.record.time_created).toBe(utc(2024, 3, 29, 23, 0));
		expect(moves.map((item) => item.record.details.steps)).toEqual([8000, 10500, 5000]);
	});

	it('places nights from seconds relative to the midnight of their date, across the DST change', async () => {
		const { sink } = await imported();
		const [first, second] = byDate(sink.list('sleeps'));
		if (!first || first.kind !== 'sleeps' || !second || second.kind !== 'sleeps')
			throw new Error('no sleeps');
		expect(first.record.time_created).toBe(utc(2024, 3, 29, 22, 0));
		expect(first.record.time_completed).toBe(utc(2024, 3, 30, 5, 30));
		expect(first.record.details).toMatchObject({
			asleep_time: utc(2024, 3, 29, 22, 20),
			light: 14400,
			deep: 7200,
			awake: 1800,
			rem: 0,
			awakenings: 2,
			duration: 27000,
			daily_only: true
		});
		// 31 March: in bed 23:00 +0100, up 25200 s after midnight = 08:00 +0200.
		expect(second.record.date).toBe(20240331);
		expect(second.record.time_created).toBe(utc(2024, 3, 30, 22, 0));
		expect(second.record.time_completed).toBe(utc(2024, 3, 31, 6, 0));
		expect(second.record.details.duration).toBe(28800);
	});

	it('makes a body event only where the weight or body fat changes', async () => {
		const { sink } = await imported();
		const body = byDate(sink.list('body_events')).map((item) => item.record);
		expect(body.map((event) => event.date)).toEqual([20240330, 20240402]);
		expect(body[1]).toMatchObject({ weight: 69.4, body_fat: 21.2 });
	});

	it('files the day’s food as one meal holding the day’s totals', async () => {
		const { sink } = await imported();
		const meals = byDate(sink.list('meals'));
		const first = meals[0];
		if (!first || first.kind !== 'meals') throw new Error('no meal');
		expect(first.record.details).toMatchObject({ calories: 1800, protein: 90, carbohydrate: 200 });
		expect(first.record.items.items).toHaveLength(1);
		expect(meals.map((item) => item.record.details.calories)).toEqual([1800, 2100]);
	});

	it('adds nothing twice when the same export is imported again', async () => {
		const { sink } = await imported();
		const again = await importFile(fixture('up-export.csv'), sink, { tz: 'Europe/Berlin' });
		expect(again.outcome?.added).toEqual({
			moves: 0,
			sleeps: 0,
			workouts: 0,
			body_events: 0,
			meals: 0,
			heartrates: 0,
			cardiac_events: 0
		});
		expect(again.outcome?.unchanged.sleeps).toBe(2);
	});

	it('commits nothing of a file that fails after some rows were read', async () => {
		const { sink } = await imported();
		await expect(importFile(fixture('up-export-malformed.csv'), sink)).rejects.toThrow('line 3');
		expect(byDate(sink.list('moves')).map((item) => item.record.date)).toEqual([
			20240330, 20240331, 20240402
		]);
		// The malformed file's first row (30 March, 8000 steps, in UTC) was staged, then dropped:
		// committing now changes nothing, and 30 March keeps its Berlin move.
		const outcome = await sink.commit();
		expect(outcome.added.moves + outcome.updated.moves).toBe(0);
		const march30 = byDate(sink.list('moves'))[0];
		expect(march30?.record.details.tz).toBe('Europe/Berlin');
	});

	it('names the line and column of a value that is not a number', async () => {
		await expect(importFile(fixture('up-export-malformed.csv'), new MemorySink())).rejects.toThrow(
			'up-export-malformed.csv line 3: column m_steps: "12a" is not a number'
		);
	});

	it('names the line of a row with the wrong number of fields, a bad date or an open quote', async () => {
		await expect(csv('date,m_steps\n20240330,1,2\n')).rejects.toThrow(
			'up.csv line 2: 3 fields where the header names 2 columns'
		);
		await expect(csv('date,m_steps\n20240330,1\n2024-02-30,1\n')).rejects.toThrow(
			'up.csv line 3: column date: "2024-02-30" is not a date'
		);
		await expect(csv('date,note\n20240330,"open\n')).rejects.toThrow(
			'up.csv line 2: a quoted field is never closed'
		);
		await expect(csv('day,m_steps\n')).rejects.toThrow('no "date" column');
	});
});

describe('what a UP import says besides its records', () => {
	const body = [
		'date,m_steps,weight,body_fat',
		'20240101,100,,',
		'20240102,,,',
		'20240103,,,',
		'20240104,200,70,250',
		'20991231,300,,',
		''
	].join('\n');
	const read = (tz?: string) =>
		importStream(Readable.from([Buffer.from(body)]), 'up-csv', new MemorySink(), {
			fileName: 'up.csv',
			now: () => Date.UTC(2026, 2, 30, 18, 0, 0),
			...(tz === undefined ? {} : { tz })
		});

	it('counts rows with only a date, rows dated after today and a body fat no scale shows', async () => {
		const summary = await read('America/New_York');
		expect(summary.records).toMatchObject({ moves: 2, body_events: 1 });
		expect(summary.skipped).toEqual({
			'rows with a date and no values': 2,
			'rows dated after today': 1,
			'body-fat readings outside 0–100 %': 1
		});
	});

	it('says which zone it placed the days in: the one given, else UTC for want of one', async () => {
		expect((await read('America/New_York')).zone).toEqual({
			tz: 'America/New_York',
			basis: 'given'
		});
		expect((await read()).zone).toEqual({ tz: 'UTC', basis: 'default' });
		const withColumn = await importStream(
			Readable.from([Buffer.from('date,m_steps,tz\n20240101,5,Asia/Tokyo\n')]),
			'up-csv',
			new MemorySink(),
			{ fileName: 'up.csv', tz: 'Europe/Berlin' }
		);
		expect(withColumn.zone).toEqual({ tz: 'Asia/Tokyo', basis: 'column' });
	});
});

describe('quoting', () => {
	it('reads quoted fields with commas and doubled quotes, and an empty last field', async () => {
		const sink = new MemorySink();
		const text = 'date,m_steps,note,tz\n20240330,"1,5",x,\n20240331,2,"say ""hi""",UTC\n';
		await expect(
			importStream(Readable.from([Buffer.from(text)]), 'up-csv', sink, { fileName: 'up.csv' })
		).rejects.toThrow('up.csv line 2: column m_steps: "1,5" is not a number');
		const ok = 'date,m_steps,note,tz\n20240331,2,"say ""hi"", twice",\n';
		const summary = await importStream(Readable.from([Buffer.from(ok)]), 'up-csv', sink, {
			fileName: 'up.csv'
		});
		expect(summary.records.moves).toBe(1);
	});
});
