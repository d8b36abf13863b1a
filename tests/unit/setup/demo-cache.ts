// Vitest setup: an in-memory reference API's demo is generated once per seed, span and now, then
// copied from a file under node_modules/.cache/demo-images (see docs/guide.md, "Test data").
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { useDemoImageCache } from '$lib/server/reference-api/demo-image';

const { dir, version } = inject('demoImages');
const fileOf = (key: string): string =>
	join(dir, `${version}-${createHash('sha256').update(key).digest('hex').slice(0, 16)}.sqlite`);

useDemoImageCache({
	read(key) {
		try {
			return readFileSync(fileOf(key));
		} catch {
			return null;
		}
	},
	write(key, image) {
		// Written whole under another name first: a test file running beside this one reads all or nothing.
		const file = fileOf(key);
		const partial = `${file}.${process.pid}.partial`;
		writeFileSync(partial, image);
		renameSync(partial, file);
	}
});
