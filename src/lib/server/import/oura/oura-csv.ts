// Oura's CSV files: semicolon-separated, a header of the API's field names, JSON inside some columns.
import { parse } from 'csv-parse/sync';
import * as z from 'zod/mini';

const rowsSchema = z.array(z.record(z.string(), z.string()));

/** The rows of one file, each a map from column name to its text. */
export function readOuraCsv(text: string): Record<string, string>[] {
	const delimiter = (text.split('\n', 1)[0] ?? '').includes(';') ? ';' : ',';
	const rows = rowsSchema.safeParse(
		parse(text, { columns: true, delimiter, skip_empty_lines: true, bom: true, relax_quotes: true })
	);
	if (!rows.success) throw new Error('the rows are not text');
	return rows.data;
}

/** A number column: null when empty. */
export function numberOf(row: Record<string, string>, column: string): number | null {
	const text = row[column]?.trim() ?? '';
	if (text === '' || text === 'null' || text === 'None') return null;
	const value = Number(text);
	if (!Number.isFinite(value)) throw new Error(`column ${column}: "${text}" is not a number`);
	return value;
}
