// Reads back the summary a store kept of a file imported before: stored data is a boundary like any other.
import * as z from 'zod/mini';
import { emptyCounts, IMPORT_KINDS, type FileSummary } from './types';

const counts = z.record(z.string(), z.number());

const fileSummarySchema = z.object({
	format: z.enum(['apple-health-xml', 'apple-health-zip', 'up-csv']),
	records: counts,
	skipped: counts,
	notImported: counts,
	zone: z.nullable(
		z.object({
			tz: z.string(),
			basis: z.enum(['device', 'offsets', 'given', 'column', 'default'])
		})
	),
	bytes: z.number()
});

/** A summary as a store kept it, or null when it is not one (written by another version). */
export function readFileSummary(value: unknown): FileSummary | null {
	const parsed = fileSummarySchema.safeParse(value);
	if (!parsed.success) return null;
	const records = emptyCounts();
	for (const kind of IMPORT_KINDS) records[kind] = parsed.data.records[kind] ?? 0;
	return { ...parsed.data, records };
}
