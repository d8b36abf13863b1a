// The Data page's import: sends a file to POST /api/import with upload progress, and words its answer.
import * as z from 'zod/mini';
import { countOf, formatInteger } from '$lib/format';

const KINDS = [
	'moves',
	'sleeps',
	'workouts',
	'body_events',
	'meals',
	'heartrates',
	'cardiac_events'
] as const;
export type ImportKindName = (typeof KINDS)[number];

const countsSchema = z.object({
	moves: z.number(),
	sleeps: z.number(),
	workouts: z.number(),
	body_events: z.number(),
	meals: z.number(),
	heartrates: z.number(),
	cardiac_events: z.number()
});

const zoneBasisSchema = z.enum(['device', 'offsets', 'given', 'column', 'profile', 'default']);

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
		notImported: z.record(z.string(), z.number()),
		zone: z.nullable(z.object({ tz: z.string(), basis: zoneBasisSchema })),
		outcome: z.nullable(
			z.object({ added: countsSchema, updated: countsSchema, unchanged: countsSchema })
		),
		repeatOf: z.nullable(z.object({ at: z.number() })),
		bytes: z.number()
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
	heartrates: 'Resting heart rates',
	cardiac_events: 'Blood pressure readings'
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
	if (answer.repeatOf !== null)
		return 'This file was imported before: nothing changed (it was recognised by its content).';
	const rows = summaryRows(answer);
	if (rows.length === 0) return 'The file held no records this dashboard shows.';
	const sum = (key: 'added' | 'updated' | 'unchanged') =>
		rows.reduce((total, row) => total + row[key], 0);
	const total = sum('added') + sum('updated') + sum('unchanged');
	return `Imported ${countOf(total, 'record')}: ${formatInteger(sum('added'))} new, ${formatInteger(sum('updated'))} updated, ${formatInteger(sum('unchanged'))} already there.`;
}

/** "1 flight climbed", "1 stand hour": the name for one, from the name for several. */
function one(name: string): string {
	return name === 'flights climbed' ? 'flight climbed' : name.replace(/s$/, '');
}

/**
 * `Not imported: 170 flights climbed, 2 heart-rate samples.`, largest first; null when the file
 * held nothing the API has no place for.
 */
export function notImportedSentence(answer: ImportAnswer): string | null {
	const entries = Object.entries(answer.notImported).sort(
		(a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)
	);
	if (entries.length === 0) return null;
	const list = entries
		.map(([what, count]) => `${formatInteger(count)} ${count === 1 ? one(what) : what}`)
		.join(', ');
	return `Not imported: ${list}.`;
}

/** What was skipped and why, one line per reason, most first: `Rows with a date and no values: 271`. */
export function skippedLines(answer: ImportAnswer): string[] {
	return Object.entries(answer.skipped)
		.sort((a, b) => b[1] - a[1])
		.map(
			([reason, count]) =>
				`${reason[0]?.toUpperCase() ?? ''}${reason.slice(1)}: ${formatInteger(count)}`
		);
}

const ZONE_BASIS: Readonly<Record<ImportAnswer['format'], string>> = {
	'apple-health-xml': 'Your records',
	'apple-health-zip': 'Your records',
	'up-csv': 'The days',
	'fitbit-zip': 'Your Fitbit records',
	'garmin-zip': 'Your Garmin records',
	'oura-zip': 'Your Oura records'
};

/** Which zone the import placed the records in, and on what grounds. */
export function zoneSentence(answer: ImportAnswer): string | null {
	const zone = answer.zone;
	if (zone === null) return null;
	const why = {
		device: 'the zone your phone named for its latest records',
		offsets: 'the clock of your latest records',
		given: 'the zone you chose',
		column: 'the zone the file names',
		profile: 'the zone your Fitbit profile names',
		default: 'no zone was chosen'
	}[zone.basis];
	return `${ZONE_BASIS[answer.format]} are placed in ${zone.tz} (${why}); the dashboard runs on the zone of your latest records.`;
}

/** The browser's own zone: the default for a UP export, whose days carry none. */
export function browserZone(): string {
	return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
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
	options: { tz?: string; url?: string } = {}
): { done: Promise<UploadResult>; abort: () => void } {
	const url = options.url ?? '/api/import';
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
	const query = new URLSearchParams({ name: file.name });
	if (options.tz !== undefined) query.set('tz', options.tz);
	xhr.open('POST', `${url}?${query.toString()}`);
	xhr.setRequestHeader('content-type', 'application/octet-stream');
	xhr.send(file);
	return { done, abort: () => xhr.abort() };
}
