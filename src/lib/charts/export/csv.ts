// CSV export of a chart's table: RFC 4180 quoting, CRLF line ends, plain units in the header, values rounded to their unit.
import { clockOfOffset } from '$lib/time/zone';
import type { CellValue, ChartTable, TableColumn } from '../frame/table';
import { csvNumber, csvNumberText, csvUnit } from './csv-numbers';

// Spreadsheets run a cell that starts with one of these as a formula; a leading quote defuses it.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted when it holds a comma, quote or line break (quotes doubled), per RFC 4180. */
export function csvField(value: CellValue | undefined): string {
	if (value === null || value === undefined) return '';
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
	const text = FORMULA_START.test(value) ? `'${value}` : value;
	return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Units whose numbers are clock times: seconds from the midnight of the record's own day. */
const CLOCK_UNITS = new Set(['seconds from midnight', 'clock']);

/** A CSV column drawn from a table column: its header and how it writes a cell. */
interface CsvColumn {
	header: string;
	write: (value: CellValue | undefined) => string;
}

function header(label: string, unit: string | undefined): string {
	return unit ? `${label} (${unit})` : label;
}

/**
 * The CSV columns of a table column. A clock time becomes two: `HH:MM` (on the clock of the
 * record's own zone, which the offset is already counted in) beside the seconds from midnight, so
 * a person reads the one and a spreadsheet computes with the other.
 */
export function csvColumns(column: TableColumn): CsvColumn[] {
	const unit = column.unit;
	if (unit !== undefined && CLOCK_UNITS.has(unit)) {
		const seconds = (value: CellValue | undefined) =>
			typeof value === 'number' && Number.isFinite(value) ? value : null;
		return [
			{
				header: header(column.label, 'HH:MM'),
				write: (value) => {
					const s = seconds(value);
					return s === null ? '' : clockOfOffset(s);
				}
			},
			{
				header: header(column.label, 'seconds from midnight'),
				write: (value) => {
					const s = seconds(value);
					return s === null ? '' : String(Math.round(s));
				}
			}
		];
	}
	return [
		{
			header: header(column.label, unit === undefined ? undefined : csvUnit(unit)),
			write: (value) => {
				if (typeof value !== 'number') return csvField(value);
				const rounded = csvNumber(value, unit);
				return rounded === null ? '' : csvNumberText(rounded, unit);
			}
		}
	];
}

/** The whole table: header row, then the plotted numbers rounded to their unit, each record ending in CRLF. */
export function toCsv(table: ChartTable): string {
	const columns = table.columns.map((column) => ({ key: column.key, csv: csvColumns(column) }));
	const lines = [columns.flatMap(({ csv }) => csv.map((c) => csvField(c.header)))];
	for (const row of table.rows) {
		lines.push(columns.flatMap(({ key, csv }) => csv.map((c) => c.write(row[key]))));
	}
	return lines.map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}
