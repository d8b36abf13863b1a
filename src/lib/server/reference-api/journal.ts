// The write operations of the reference API, and the migration of the journal earlier versions kept them in.
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { RECORD_KINDS } from './store';

export const JOURNAL_FILE = 'journal.ndjson';
/** What a migrated journal is renamed to. */
export const MIGRATED_SUFFIX = '.migrated';

const kindSchema = z.enum(RECORD_KINDS);

const goalsSchema = z.object({
	move_steps: z.number(),
	sleep_total: z.number(),
	body_weight: z.number(),
	body_weight_intent: z.number()
});

/** One write (and one line of an old journal). Records are validated by their own schema when applied. */
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

/**
 * The entries of a journal file written by earlier versions (which kept the demo in memory and
 * replayed this file on start). A torn last line (a crash in the middle of a write, which was
 * never acknowledged) and lines that do not parse are skipped.
 */
export async function readJournal(path: string): Promise<JournalEntry[] | null> {
	let text: string;
	try {
		text = await readFile(path, 'utf8');
	} catch (error) {
		if (isMissingFile(error)) return null;
		throw error;
	}
	const complete = text.lastIndexOf('\n') + 1;
	const entries: JournalEntry[] = [];
	for (const line of text.slice(0, complete).split('\n')) {
		if (line.trim() === '') continue;
		const parsed = journalEntrySchema.safeParse(parseJson(line));
		if (parsed.success) entries.push(parsed.data);
	}
	return entries;
}

/**
 * Applies an existing journal in `dir` to the store once, in one transaction, then renames it
 * aside (`journal.ndjson.migrated`) so the next start does not apply it again. Answers how many
 * entries were applied, or null when there was no journal.
 */
export async function migrateJournal(
	dir: string,
	apply: (entries: readonly JournalEntry[]) => number
): Promise<number | null> {
	const path = join(dir, JOURNAL_FILE);
	const entries = await readJournal(path);
	if (entries === null) return null;
	const applied = apply(entries);
	await rename(path, `${path}${MIGRATED_SUFFIX}`);
	return applied;
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
