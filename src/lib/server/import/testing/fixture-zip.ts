// Test support: a zip of a fixture folder (every file under it, by its path inside), written to a temp folder.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { zipOf } from './zip-writer';

/** One temp folder for the zips a test file writes: `removeWrittenZips` (in afterAll) deletes it. */
let folder: string | null = null;
function zipFolder(): string {
	folder ??= mkdtempSync(join(tmpdir(), 'vendor-zip-'));
	return mkdtempSync(join(folder, 'zip-'));
}

/** Deletes every zip written so far. */
export function removeWrittenZips(): void {
	if (folder !== null) rmSync(folder, { recursive: true, force: true });
	folder = null;
}

/** Every file under `folder`, keyed by its path relative to it (forward slashes). */
export function filesUnder(folder: string): Map<string, Buffer> {
	const files = new Map<string, Buffer>();
	for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
		const path = join(folder, name);
		if (statSync(path).isFile())
			files.set(relative(folder, path).replace(/\\/g, '/'), readFileSync(path));
	}
	return files;
}

/** Writes `files` as a zip named `name` in a new temp folder and answers its path. */
export function writeZip(name: string, files: ReadonlyMap<string, Buffer | string>): string {
	const path = join(zipFolder(), name);
	writeFileSync(path, zipOf(files));
	return path;
}

/** Writes the first `share` of a zip's bytes: a download that broke off. */
export function writeCutZip(
	name: string,
	files: ReadonlyMap<string, Buffer | string>,
	share: number
): string {
	const whole = zipOf(files);
	const path = join(zipFolder(), name);
	writeFileSync(path, whole.subarray(0, Math.floor(whole.length * share)));
	return path;
}
