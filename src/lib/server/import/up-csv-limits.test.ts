import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { importStream, MemorySink } from './index';
import { UP_FIELD_LIMIT, UP_RECORD_LIMIT } from './up-csv';

// Hostile UP CSV bodies, generated as streams (never written to disk): the reader must refuse
// them at the line they start on, having read little more than one record's cap.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const MiB = 1024 * 1024;
/** What the streams between the body and the parser read ahead of it: a few 64 KiB chunks. */
const READ_AHEAD = UP_RECORD_LIMIT + 2 * MiB;

/** Heap and buffers in use, after a full collection. */
function held(): number {
	collect();
	const usage = process.memoryUsage();
	return usage.heapUsed + usage.external + usage.arrayBuffers;
}

/**
 * A body of `head`, then `filler` repeated up to `total` bytes, then `tail`, pulled chunk by
 * chunk: it counts the bytes the reader asked for, and fails the read once the memory held has
 * grown by `memoryBound` since it started (a reader that keeps what it reads fails there).
 */
function generated(
	head: string,
	filler: string,
	total: number,
	tail: string,
	memoryBound = 50 * MiB
) {
	const pulled = { bytes: 0, peak: 0 };
	const chunk = Buffer.from(filler.repeat(Math.ceil((64 * 1024) / filler.length)));
	function* body(): Generator<Buffer> {
		const before = held();
		pulled.bytes += head.length;
		yield Buffer.from(head);
		for (let sent = 0; sent < total; sent += chunk.length) {
			if (sent % (8 * MiB) < chunk.length) {
				const grown = held() - before;
				pulled.peak = Math.max(pulled.peak, grown);
				if (grown > memoryBound)
					throw new Error(`memory held grew by ${Math.round(grown / MiB)} MB while reading`);
			}
			pulled.bytes += chunk.length;
			yield chunk;
		}
		pulled.bytes += tail.length;
		yield Buffer.from(tail);
	}
	return { stream: Readable.from(body()), pulled };
}

const importCsv = (stream: Readable) =>
	importStream(stream, 'up-csv', new MemorySink(), { fileName: 'up.csv' });

describe('UP CSV limits', () => {
	it('refuses a quoted field that runs past the record cap at the line where it opens', async () => {
		// The attack: 4,000 lines of 100 characters inside one quoted field (400 KB), closed at the end.
		const line = `${'x'.repeat(99)}\n`;
		const { stream, pulled } = generated('date,m_steps,title\n20260101,1,"', line, 400_000, '"\n');
		await expect(importCsv(stream)).rejects.toThrow(
			/^up\.csv line 2: a record longer than 65,536 characters/
		);
		// Refused after one record's cap, not after the whole body.
		expect(pulled.bytes).toBeLessThan(READ_AHEAD);
	});

	it('refuses a quote that is never closed the same way', async () => {
		const line = `${'x'.repeat(99)}\n`;
		const { stream, pulled } = generated('date,m_steps,title\n20260101,1,"', line, 400_000, '');
		await expect(importCsv(stream)).rejects.toThrow(/^up\.csv line 2: a record longer than/);
		expect(pulled.bytes).toBeLessThan(READ_AHEAD);
	});

	it('refuses a 300 MiB line without a line break in constant memory', async () => {
		const { stream, pulled } = generated('date,m_steps\n20260101,5\n', '1234567,', 300 * MiB, '\n');
		await expect(importCsv(stream)).rejects.toThrow(/^up\.csv line 3: a record longer than/);
		expect(pulled.bytes).toBeLessThan(READ_AHEAD);
		expect(pulled.peak).toBeLessThan(50 * MiB);
	});

	it('refuses a field longer than the field cap, naming its line and column', async () => {
		const long = 'y'.repeat(UP_FIELD_LIMIT + 1);
		const body = `date,m_steps,title\n20260101,10,ok\n20260102,20,${long}\n`;
		await expect(importCsv(Readable.from([Buffer.from(body)]))).rejects.toThrow(
			/^up\.csv line 3: column title: a value longer than 4,096 characters/
		);
	});

	it('still reads quoted fields over several lines, and both line ends', async () => {
		const body = 'date,m_steps,title\r\n20260101,10,"two\r\nlines"\r\n20260102,20,plain\n';
		const summary = await importCsv(Readable.from([Buffer.from(body)]));
		expect(summary.records.moves).toBe(2);
	});
});
