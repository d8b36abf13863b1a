// The write-ahead journal: every write is appended and fsynced before it is answered, and replayed on start.
import { mkdir, open, readFile, truncate, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';

export const JOURNAL_FILE = 'journal.ndjson';

const kindSchema = z.enum([
	'workouts',
	'sleeps',
	'moves',
	'body_events',
	'mood',
	'meals',
	'heartrates',
	'generic_events',
	'cardiac_events',
	'bandevents'
]);

const goalsSchema = z.object({
	move_steps: z.number(),
	sleep_total: z.number(),
	body_weight: z.number(),
	body_weight_intent: z.number()
});

/** One line of the journal. Records are re-validated by their own schema when replayed. */
export const journalEntrySchema = z.union([
	z.object({
		op: z.literal('put'),
		kind: kindSchema,
		record: z.unknown(),
		creator: z.string(),
		ticks: z.optional(z.unknown())
	}),
	z.object({ op: z.literal('delete'), kind: kindSchema, xid: z.string() }),
	z.object({ op: z.literal('goals'), goals: goalsSchema })
]);
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export interface Journal {
	/** Appends one entry and resolves once it is on disk. */
	append(entry: JournalEntry): Promise<void>;
	close(): Promise<void>;
}

/** A journal that keeps nothing (unit tests, `dataDir: null`). */
export const memoryJournal: Journal = {
	append: () => Promise.resolve(),
	close: () => Promise.resolve()
};

/**
 * Opens (creating) the journal in `dir` and returns the entries already in it. A torn last line
 * (a crash in the middle of a write, which was never acknowledged) is cut off.
 */
export async function openJournal(
	dir: string
): Promise<{ journal: Journal; entries: JournalEntry[] }> {
	await mkdir(dir, { recursive: true });
	const path = join(dir, JOURNAL_FILE);
	let text = '';
	try {
		text = await readFile(path, 'utf8');
	} catch (error) {
		if (!isMissingFile(error)) throw error;
	}
	const complete = text.lastIndexOf('\n') + 1;
	if (complete < text.length) await truncate(path, Buffer.byteLength(text.slice(0, complete)));
	const entries: JournalEntry[] = [];
	for (const line of text.slice(0, complete).split('\n')) {
		if (line.trim() === '') continue;
		const parsed = journalEntrySchema.safeParse(parseJson(line));
		if (parsed.success) entries.push(parsed.data);
	}
	const handle = await open(path, 'a');
	await syncDirectory(dir);
	return { journal: new FileJournal(handle), entries };
}

class FileJournal implements Journal {
	readonly #handle: FileHandle;
	#tail: Promise<void> = Promise.resolve();
	#closed = false;

	constructor(handle: FileHandle) {
		this.#handle = handle;
	}

	append(entry: JournalEntry): Promise<void> {
		if (this.#closed) return Promise.reject(new Error('journal is closed'));
		const line = `${JSON.stringify(entry)}\n`;
		// One append at a time, each fsynced, so lines never interleave and order is kept.
		const done = this.#tail.then(async () => {
			await this.#handle.write(line);
			await this.#handle.sync();
		});
		this.#tail = done.catch(() => undefined);
		return done;
	}

	async close(): Promise<void> {
		if (this.#closed) return;
		this.#closed = true;
		await this.#tail;
		await this.#handle.close();
	}
}

function parseJson(line: string): unknown {
	try {
		return JSON.parse(line) as unknown;
	} catch {
		return null;
	}
}

function isMissingFile(error: unknown): boolean {
	return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** Makes the file's directory entry durable too (a new file is lost on power cut otherwise). */
async function syncDirectory(dir: string): Promise<void> {
	try {
		const handle = await open(dir, 'r');
		try {
			await handle.sync();
		} finally {
			await handle.close();
		}
	} catch {
		// Some file systems refuse fsync on directories; the file's own fsync still holds.
	}
}
