import { afterAll, describe, expect, it } from 'vitest';
import { ImportError } from '../types';
import { writeCutZip, writeZip, removeWrittenZips } from '../testing/fixture-zip';
import { ZipArchive } from './zip-archive';

afterAll(removeWrittenZips);

describe('a vendor archive', () => {
	it('lists its files and reads one as text', async () => {
		const archive = await ZipArchive.open(
			writeZip('a.zip', new Map([['App Data/one.csv', 'a;b\n1;2\n']]))
		);
		try {
			expect(archive.entries.map((entry) => entry.name)).toEqual(['App Data/one.csv']);
			const [entry] = archive.entries;
			if (!entry) throw new Error('no entry');
			expect(await archive.text(entry)).toBe('a;b\n1;2\n');
		} finally {
			archive.close();
		}
	});

	it('refuses to read a file past the cap whole', async () => {
		const archive = await ZipArchive.open(
			writeZip('big.zip', new Map([['DI_CONNECT/big.json', 'x'.repeat(5000)]]))
		);
		try {
			const [entry] = archive.entries;
			if (!entry) throw new Error('no entry');
			await expect(archive.text(entry, 4096)).rejects.toThrow(/more than the/);
			await expect(archive.text(entry, 4096)).rejects.toBeInstanceOf(ImportError);
		} finally {
			archive.close();
		}
	});

	it('says a zip whose end is missing looks cut off', async () => {
		const cut = writeCutZip('cut.zip', new Map([['DI_CONNECT/a.json', '[]'.repeat(500)]]), 0.8);
		await expect(ZipArchive.open(cut)).rejects.toThrow(/looks cut off/);
	});
});
