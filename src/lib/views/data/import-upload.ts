// The Data page's import: sends a file to POST /api/import with upload progress, and words its answer.
import * as z from 'zod/mini';
import { countOf, formatInteger } from '$lib/format';

const KINDS = ['moves', 'sleeps', 'workouts', 'body_events', 'meals', 'heartrates'] as const;
export type ImportKindName = (typeof KINDS)[number];

const countsSchema = z.object({
	moves: z.number(),
	sleeps: z.number(),
	workouts: z.number(),
	body_events: z.number(),
	meals: z.number(),
	heartrates: z.number()
});

/** What the server answers for a stored file (validated: a boundary like any other). */
export const importAnswerSchema = z.object({
	data: z.object({
		format: z.enum([
			'apple-health-xml',
			'apple-health-zip',
			'up-csv',
			'fitbit-zip',
			'garmin-zip',
			'oura-zip'
		]),
		records: countsSchema,
		skipped: z.record(z.string(), z.number()),
		outcome: z.nullable(
			z.object({ added: countsSchema, updated: countsSchema, unchanged: countsSchema })
		),
		bytes: z.number(),
		/** The zone an export's local times were read in (a Fitbit archive's), and where it came from. */
		zone: z.optional(z.object({ tz: z.string(), from: z.string() }))
	})
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>['data'];

const errorSchema = z.object({
	meta: z.object({ error_detail: z.optional(z.string()) })
});

/** The kinds as a person calls them. */
export const kindLabel: Readonly<Record<ImportKindName, string>> = {
	moves: 'Days of activity',
	sleeps: 'Sleeps and naps',
	workouts: 'Workouts',
	body_events: 'Body measurements',
	meals: 'Days of food',
	heartrates: 'Resting heart rates'
};

export interface SummaryRow {
	kind: ImportKindName;
	label: string;
	added: number;
	updated: number;
	unchanged: number;
}

/** One row per kind the file held, in a fixed order. */
export function summaryRows(answer: ImportAnswer): SummaryRow[] {
	return KINDS.filter((kind) => answer.records[kind] > 0).map((kind) => ({
		kind,
		label: kindLabel[kind],
		added: answer.outcome?.added[kind] ?? 0,
		updated: answer.outcome?.updated[kind] ?? 0,
		unchanged: answer.outcome?.unchanged[kind] ?? 0
	}));
}

/** `Imported 4 records: 3 new, 1 updated, 0 already there.` */
export function summarySentence(answer: ImportAnswer): string {
	const rows = summaryRows(answer);
	if (rows.length === 0) return 'The file held no records this dashboard shows.';
	const sum = (key: 'added' | 'updated' | 'unchanged') =>
		rows.reduce((total, row) => total + row[key], 0);
	const total = sum('added') + sum('updated') + sum('unchanged');
	const zone = answer.zone ? ` Times read in ${answer.zone.tz} (${answer.zone.from}).` : '';
	return `Imported ${countOf(total, 'record')}: ${formatInteger(sum('added'))} new, ${formatInteger(sum('updated'))} updated, ${formatInteger(sum('unchanged'))} already there.${zone}`;
}

/** `1.2 MB of 3.4 MB sent (35 %)`. */
export function progressText(sent: number, total: number): string {
	const mb = (bytes: number) =>
		bytes < 1e6 ? `${formatInteger(Math.round(bytes / 1e3))} KB` : `${(bytes / 1e6).toFixed(1)} MB`;
	if (total <= 0) return `${mb(sent)} sent`;
	const percent = Math.min(100, Math.floor((sent / total) * 100));
	return `${mb(sent)} of ${mb(total)} sent (${percent} %)`;
}

export type UploadResult =
	| { ok: true; answer: ImportAnswer }
	| {
			ok: false;
			message: string;
			/** The session has ended (401): the page asks the server again, and shows sign-in. */
			signedOut?: boolean;
	  };

/** What a refusal says when the server gave no sentence of its own. */
const refusals: Readonly<Record<number, string>> = {
	401: 'Sign in to import your records.',
	403: 'This sign-in may not add these records to your account: sign in again and allow it.'
};

/** Reads the server's answer: the summary, or the sentence of its error envelope. */
export function readUploadAnswer(status: number, text: string): UploadResult {
	const signedOut = status === 401 ? { signedOut: true } : {};
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		return {
			ok: false,
			message: refusals[status] ?? `The server answered ${status} without an explanation.`,
			...signedOut
		};
	}
	if (status >= 200 && status < 300) {
		const parsed = importAnswerSchema.safeParse(json);
		return parsed.success
			? { ok: true, answer: parsed.data.data }
			: { ok: false, message: 'The server’s answer could not be read.' };
	}
	const failed = errorSchema.safeParse(json);
	const detail = failed.success ? failed.data.meta.error_detail : undefined;
	return {
		ok: false,
		message: detail ?? refusals[status] ?? `The import failed (${status}).`,
		...signedOut
	};
}

/**
 * Sends a file as the request body (not a form: the server streams it into the importer), with
 * the browser's upload progress events.
 */
export function uploadExport(
	file: File,
	onProgress: (sent: number, total: number) => void,
	url = '/api/import'
): { done: Promise<UploadResult>; abort: () => void } {
	const xhr = new XMLHttpRequest();
	const done = new Promise<UploadResult>((resolve) => {
		xhr.upload.addEventListener('progress', (event) =>
			onProgress(event.loaded, event.lengthComputable ? event.total : file.size)
		);
		xhr.addEventListener('load', () => resolve(readUploadAnswer(xhr.status, xhr.responseText)));
		xhr.addEventListener('error', () =>
			resolve({ ok: false, message: 'The upload failed: the server could not be reached.' })
		);
		xhr.addEventListener('abort', () => resolve({ ok: false, message: 'The upload was stopped.' }));
	});
	xhr.open('POST', `${url}?name=${encodeURIComponent(file.name)}`);
	xhr.setRequestHeader('content-type', 'application/octet-stream');
	xhr.send(file);
	return { done, abort: () => xhr.abort() };
}
