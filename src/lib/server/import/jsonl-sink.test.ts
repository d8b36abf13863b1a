import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importFile, JsonLinesSink } from './index';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
let dir = '';
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), 'import-jsonl-'));
});
afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

describe('JsonLinesSink', () => {
	it('writes one line per record once the import succeeds', async () => {
		const out = join(dir, 'records.jsonl');
		await importFile(fixture('up-export.csv'), new JsonLinesSink(out), { tz: 'Europe/Berlin' });
		const lines = (await readFile(out, 'utf8')).trim().split('\n');
		// 3 moves + 2 sleeps + 2 body events + 2 meals.
		expect(lines).toHaveLength(9);
		expect(await readdir(dir)).toEqual(['records.jsonl']);
	});

	it('leaves no file behind when the import fails', async () => {
		const out = join(dir, 'records.jsonl');
		await expect(
			importFile(fixture('up-export-malformed.csv'), new JsonLinesSink(out))
		).rejects.toThrow('line 3');
		expect(await readdir(dir)).toEqual([]);
	});
});
