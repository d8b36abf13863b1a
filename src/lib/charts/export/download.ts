// Saving an exported chart: a file name from the chart title, and a click on a temporary anchor.

export type ExportFormat = 'png' | 'svg' | 'csv';

/** `steps-per-hour-2026-03-30.png` from a title and an optional date range or day. */
export function exportFileName(title: string, format: ExportFormat, suffix?: string): string {
	const slug = (text: string) =>
		text
			.normalize('NFKD')
			.replace(/[\u0300-\u036f]/g, '')
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-+|-+$/g, '');
	const base = [slug(title), suffix ? slug(suffix) : ''].filter(Boolean).join('-') || 'chart';
	return `${base}.${format}`;
}

/** Starts a download of `blob` under `filename`; the object URL is released once the click is handled. */
export function downloadBlob(blob: Blob, filename: string): void {
	const url = URL.createObjectURL(blob);
	const anchor = document.createElement('a');
	anchor.href = url;
	anchor.download = filename;
	anchor.rel = 'noopener';
	anchor.style.display = 'none';
	document.body.append(anchor);
	anchor.click();
	anchor.remove();
	// Revoking synchronously can cancel the download in some browsers; a task later is safe.
	setTimeout(() => URL.revokeObjectURL(url), 0);
}
