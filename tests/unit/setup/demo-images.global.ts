// Vitest global setup: names the kept demo databases after the code that generates and stores them.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
	export interface ProvidedContext {
		/** Where tests/unit/setup/demo-cache.ts keeps demo images, and the version naming them. */
		demoImages: { dir: string; version: string };
	}
}

const ROOT = resolve(import.meta.dirname, '../../..');
/** Everything the seeded demo database depends on (the reference API imports only these). */
const SOURCES = ['src/lib/server/reference-api', 'src/lib/api', 'src/lib/time'];
const DIR = join(ROOT, 'node_modules/.cache/demo-images');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
	});
}

/** A hash of the generator's and the store's source and of the SQLite binding's version. */
function sourceVersion(): string {
	const hash = createHash('sha256');
	const files = SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir))).sort();
	for (const file of files)
		hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file));
	hash.update(readFileSync(join(ROOT, 'node_modules/better-sqlite3/package.json')));
	return hash.digest('hex').slice(0, 16);
}

export default function setup(project: TestProject): void {
	const version = sourceVersion();
	mkdirSync(DIR, { recursive: true });
	// Images of other source are never read again.
	for (const name of readdirSync(DIR)) {
		if (!name.startsWith(`${version}-`)) rmSync(join(DIR, name), { force: true });
	}
	project.provide('demoImages', { dir: DIR, version });
}
