import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { XML_TOKEN_LIMIT } from './apple-health';
import { importStream, MemorySink } from './index';

// Hostile Apple Health exports, generated as streams (never written to disk): one XML token
// (an attribute value, a comment, text, CDATA, a doctype) hundreds of MiB long must be refused
// at once, naming where it starts, without the reader holding it.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const MiB = 1024 * 1024;
/** What the streams between the body and the parser read ahead of it, plus one token's cap. */
const READ_AHEAD = XML_TOKEN_LIMIT + 4 * MiB;

function held(): number {
	collect();
	const usage = process.memoryUsage();
	return usage.heapUsed + usage.external + usage.arrayBuffers;
}

/**
 * `head`, then 'x' repeated up to `total` bytes, then `tail`, pulled 64 KiB at a time; it counts
 * the bytes read and fails the read once the memory held has grown by 50 MB since it started.
 */
function generated(head: string, total: number, tail: string) {
	const pulled = { bytes: 0, peak: 0 };
	const chunk = Buffer.alloc(64 * 1024, 'x');
	function* body(): Generator<Buffer> {
		const before = held();
		pulled.bytes += head.length;
		yield Buffer.from(head);
		for (let sent = 0; sent < total; sent += chunk.length) {
			if (sent % (8 * MiB) < chunk.length) {
				const grown = held() - before;
				pulled.peak = Math.max(pulled.peak, grown);
				if (grown > 50 * MiB)
					throw new Error(`memory held grew by ${Math.round(grown / MiB)} MB while reading`);
			}
			pulled.bytes += chunk.length;
			yield chunk;
		}
		yield Buffer.from(tail);
	}
	return { stream: Readable.from(body()), pulled };
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_GB">\n';
const importXml = (stream: Readable) =>
	importStream(stream, 'apple-health-xml', new MemorySink(), { fileName: 'export.xml' });

describe('Apple Health token limits', () => {
	it('refuses a 400 MiB attribute value without holding it, naming its element, line and column', async () => {
		const { stream, pulled } = generated(
			`${HEAD} <Record type="HKQuantityTypeIdentifierStepCount" value="`,
			400 * MiB,
			'"/>\n</HealthData>\n'
		);
		await expect(importXml(stream)).rejects.toThrow(
			/^export\.xml line 3, column 9: <Record>: an attribute longer than 1,048,576 characters/
		);
		expect(pulled.bytes).toBeLessThan(READ_AHEAD);
		expect(pulled.peak).toBeLessThan(50 * MiB);
	});

	it('refuses a 400 MiB comment the same way, from where the last element ended', async () => {
		const { stream, pulled } = generated(`${HEAD} <!-- `, 400 * MiB, ' -->\n</HealthData>\n');
		await expect(importXml(stream)).rejects.toThrow(
			/^export\.xml line 2, column 27: a comment, text, CDATA section or doctype longer than 1,048,576 characters starts after here/
		);
		expect(pulled.bytes).toBeLessThan(READ_AHEAD);
		expect(pulled.peak).toBeLessThan(50 * MiB);
	});

	it('refuses a CDATA section, text and a doctype past the cap', async () => {
		const cases = [
			generated(`${HEAD} <![CDATA[`, 8 * MiB, ']]>\n</HealthData>\n'),
			generated(HEAD, 8 * MiB, '\n</HealthData>\n'),
			generated('<?xml version="1.0"?>\n<!DOCTYPE HealthData [ <!-- ', 8 * MiB, ' --> ]>\n')
		];
		for (const { stream, pulled } of cases) {
			await expect(importXml(stream)).rejects.toThrow(/longer than 1,048,576 characters/);
			expect(pulled.bytes).toBeLessThan(READ_AHEAD);
		}
	});

	it('still reads a record whose attributes are long but within the cap', async () => {
		const note = 'n'.repeat(200_000);
		const xml = `${HEAD} <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-03-30 08:00:00 +0100" endDate="2024-03-30 08:01:00 +0100" value="12"><MetadataEntry key="note" value="${note}"/></Record>\n</HealthData>\n`;
		const summary = await importXml(Readable.from([Buffer.from(xml)]));
		expect(summary.records.moves).toBe(1);
	});
});
