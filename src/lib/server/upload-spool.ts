// Where a zip upload waits on disk while it is read: a folder per upload, a free-space check before and while writing, and a crash's leftovers removed.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The folder under the system's temporary folder that holds the uploads being read. */
export const SPOOL_FOLDER = 'wellness-import-spool';

/** The disk has too little free space for the upload (or would have, were it written whole). */
export class SpoolFull extends Error {
	constructor(
		readonly neededBytes: number,
		readonly freeBytes: number
	) {
		super(`needs ${neededBytes} bytes of free disk space, ${freeBytes} are free`);
	}
}

export interface SpoolOptions {
	/** The folder uploads are spooled under (each in a folder of its own). */
	root: string;
	/** Free space the spool always leaves on the disk, for the database and everything else. */
	reserveBytes: number;
	/** How often, in bytes written, the free space is looked at again. */
	checkEveryBytes: number;
	/** Free bytes on the disk of a path (fs.statfs); injectable so tests can fill a disk. */
	freeBytes?: (path: string) => Promise<number>;
}

export const DEFAULT_SPOOL_RESERVE_BYTES = 256 * 1024 * 1024;
export const DEFAULT_SPOOL_CHECK_BYTES = 16 * 1024 * 1024;

/** Free bytes for an unprivileged writer on the disk that holds `path`. */
export async function freeBytesOf(path: string): Promise<number> {
	const stats = await statfs(path);
	return stats.bavail * stats.bsize;
}

/** A spooled upload: its file, and `remove` to delete its folder. */
export interface Spooled {
	path: string;
	remove(): Promise<void>;
}

/**
 * Writes an upload to a folder of its own under `root`, named after this process (so a later
 * start can tell a crash's leftovers from a live server's uploads). Refused before a byte is
 * written when the announced size (`size`) would leave less than the reserve free, and stopped
 * when the free space falls under the reserve while writing; either way nothing is left behind.
 */
export async function spoolUpload(
	body: Readable,
	fileName: string,
	size: number | null,
	options: SpoolOptions
): Promise<Spooled> {
	const freeBytes = options.freeBytes ?? freeBytesOf;
	await mkdir(options.root, { recursive: true });
	const free = await freeBytes(options.root);
	const needed = (size ?? 0) + options.reserveBytes;
	if (free < needed) throw new SpoolFull(needed, free);

	const folder = await mkdtemp(join(options.root, `${process.pid}-`));
	const remove = () => rm(folder, { recursive: true, force: true });
	const path = join(folder, fileName);
	let written = 0;
	let nextCheck = options.checkEveryBytes;
	// The pipeline may fail with another stream's error once this one has stopped it.
	let full: SpoolFull | null = null;
	const watchFreeSpace = new Transform({
		transform(chunk: Buffer, _encoding, done) {
			written += chunk.length;
			if (written < nextCheck) {
				done(null, chunk);
				return;
			}
			nextCheck = written + options.checkEveryBytes;
			freeBytes(options.root).then(
				(left) => {
					if (left >= options.reserveBytes) {
						done(null, chunk);
						return;
					}
					full = new SpoolFull(options.reserveBytes, left);
					done(full);
				},
				(error: unknown) => done(error instanceof Error ? error : new Error(String(error)))
			);
		}
	});
	try {
		await pipeline(body, watchFreeSpace, createWriteStream(path));
	} catch (error) {
		await remove();
		throw full ?? error;
	}
	return { path, remove };
}

/** True while a process of this id runs (one we may not signal runs too). */
function processAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error instanceof Error && 'code' in error && error.code === 'EPERM';
	}
}

/** What an earlier version named its spool folders, directly in the temporary folder. */
const LEGACY_SPOOL = /^wellness-import-[A-Za-z0-9]{6}$/;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Removes what uploads of servers that are gone left behind: folders under `root` of a process
 * that no longer runs, and an earlier version's spool folders in `tmp` untouched for a day.
 * Answers how many it removed.
 */
export async function removeLeftoverSpools(
	tmp: string,
	root = join(tmp, SPOOL_FOLDER),
	alive: (pid: number) => boolean = processAlive,
	now: () => number = Date.now
): Promise<number> {
	let removed = 0;
	const entries = await readdir(root).catch(() => []);
	for (const entry of entries) {
		const pid = Number(/^(\d+)-/.exec(entry)?.[1] ?? NaN);
		if (Number.isInteger(pid) && (pid === process.pid || alive(pid))) continue;
		await rm(join(root, entry), { recursive: true, force: true });
		removed += 1;
	}
	const legacy = (await readdir(tmp).catch(() => [])).filter((entry) => LEGACY_SPOOL.test(entry));
	for (const entry of legacy) {
		const path = join(tmp, entry);
		const info = await stat(path).catch(() => null);
		if (info === null || !info.isDirectory() || now() - info.mtimeMs < DAY_MS) continue;
		await rm(path, { recursive: true, force: true });
		removed += 1;
	}
	return removed;
}
