// The tabular form of a chart: what the "Show table" view lists and what CSV export writes.

export type CellValue = string | number | null;

export interface TableColumn {
	key: string;
	label: string;
	/** Unit written into the CSV header and the table heading, e.g. `steps`, `seconds`. */
	unit?: string;
	/** How the on-screen table shows a number; CSV always writes the plotted number itself. */
	format?: (value: number) => string;
}

export interface ChartTable {
	columns: TableColumn[];
	rows: Array<Record<string, CellValue>>;
}

/** The text a table cell shows on screen: formatted numbers, an en dash for missing values. */
export function cellText(column: TableColumn, value: CellValue | undefined): string {
	if (value === null || value === undefined) return '–';
	if (typeof value === 'number') {
		if (Number.isNaN(value)) return '–';
		return column.format ? column.format(value) : String(value);
	}
	return value;
}
