// CSV export of a chart's table: RFC 4180 quoting, CRLF line ends, units in the header.
import type { CellValue, ChartTable, TableColumn } from '../table';

// Spreadsheets run a cell that starts with one of these as a formula; a leading quote defuses it.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted when it holds a comma, quote or line break (quotes doubled), per RFC 4180. */
export function csvField(value: CellValue | undefined): string {
	if (value === null || value === undefined) return '';
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
	const text = FORMULA_START.test(value) ? `'${value}` : value;
	return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header of a column: its label and, when it has one, its unit (`Steps (steps)`). */
export function csvHeader(column: TableColumn): string {
	return column.unit ? `${column.label} (${column.unit})` : column.label;
}

/** The whole table: header row, then the plotted numbers unformatted, each record ending in CRLF. */
export function toCsv(table: ChartTable): string {
	const lines = [table.columns.map((column) => csvField(csvHeader(column)))];
	for (const row of table.rows) {
		lines.push(table.columns.map((column) => csvField(row[column.key])));
	}
	return lines.map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}
