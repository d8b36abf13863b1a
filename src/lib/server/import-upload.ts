// Imports a file uploaded from the Data page into the embedded API's own account: streamed, one at a time, all or nothing.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { apiErrorResponse } from './api-error';
import { clip, clipMessage, MAX_QUOTED_CHARS } from './quote';
import {
	formatOf,
	ImportError,
	importFile,
	importStream,
	StoreSink,
	type ImportFormat,
	type ImportKind,
	type ImportSummary,
	type StoreWriter
} from './import/index';
import type { RefusedKind } from './auth/import-access';

export interface ImportUploadOptions {
	/** Where a zip is spooled while it is read (yauzl needs to seek); default the system's. */
	tmpDir?: string;
	now?: () => number;
}

/** Where one upload goes and which kinds it may store (auth/import-access.ts decides). */
export interface UploadDestination {
	/** Writes a file's records into the account in one transaction. */
	writer: StoreWriter;
	/** The permission a kind of record lacks, or null when it may be imported. */
	refused(kind: ImportKind): RefusedKind | null;
}

export interface UploadRequest {
	/** The file name the browser gave (`?name=`): picks the format and names the file in errors. */
	name: string | null;
	/** Bytes announced (Content-Length), for the summary; null when not given. */
	size: number | null;
	/** The request body, read as it arrives. */
	body: Readable | null;
	/** An Olson zone or `GMT±hhmm` for a UP export's days (`?tz=`); default UTC. */
	tz: string | null;
	/** The account it goes into and the kinds it may store. */
	into: UploadDestination;
}

/** What a successful upload answers: the importer's summary (`data`) in the API's envelope. */
export interface UploadAnswer {
	meta: { code: 200; time: number };
	data: ImportSummary;
}

/**
 * The file name as messages show it: no folders, no control characters, and at most
 * MAX_QUOTED_CHARS long; a longer one keeps its start and its extension (which picks the format).
 */
export function cleanFileName(name: string): string {
	// eslint-disable-next-line no-control-regex
	const plain = basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '');
	if (clip(plain) === plain) return plain;
	const extension = /\.[A-Za-z0-9]{1,8}$/.exec(plain)?.[0] ?? '';
	return `${clip(plain.slice(0, plain.length - extension.length), MAX_QUOTED_CHARS - extension.length - 1)}${extension}`;
}

/**
 * The upload handler: one import runs at a time (a second one is told 409 and may try again), a
 * file the importer refuses answers 422 with the importer's message (which names the line or
 * element) and stores nothing, a record of a kind the sign-in may not write stops it with a 403
 * naming the permission (nothing stored), and a stored file answers its summary per kind.
 */
export function createImportUpload(options: ImportUploadOptions) {
	let running = false;
	const now = options.now ?? Date.now;
	const fail = (status: number, type: Parameters<typeof apiErrorResponse>[1], detail: string) =>
		apiErrorResponse(status, type, detail, { now });

	return async function upload(request: UploadRequest): Promise<Response> {
		const name = request.name === null ? '' : cleanFileName(request.name);
		if (name === '') {
			return fail(400, 'invalid_parameter', 'Name the file: POST /api/import?name=export.zip');
		}
		let format: ImportFormat;
		try {
			format = formatOf(name);
		} catch (error) {
			return fail(415, 'unsupported_media_type', clipMessage(messageOf(error)));
		}
		if (request.body === null) return fail(400, 'invalid_parameter', `${name} is empty.`);
		if (running) {
			request.body.resume();
			return fail(409, 'import_busy', 'Another import is running. Try again when it has finished.');
		}
		running = true;
		const stop = new AbortController();
		try {
			const summary = await importUpload(request.body, format, name, request, stop);
			const answer: UploadAnswer = {
				meta: { code: 200, time: Math.floor(now() / 1000) },
				data: summary
			};
			return new Response(JSON.stringify(answer), {
				headers: {
					'content-type': 'application/json; charset=utf-8',
					'cache-control': 'no-store'
				}
			});
		} catch (error) {
			const reason: unknown = stop.signal.reason;
			const refusal = reason ?? error;
			if (refusal instanceof KindRefused) {
				const { kind, scope } = refusal.refusal;
				return fail(
					403,
					'insufficient_scope',
					`Nothing was imported: the file holds ${KIND_WORDS[kind]}, and this sign-in may not add them (${scope}). Sign in again and allow it.`
				);
			}
			if (error instanceof ImportError) {
				// The importer's message may quote a value of any length from the file: cut short.
				return fail(422, 'invalid_import', `Nothing was imported: ${clipMessage(error.message)}`);
			}
			throw error;
		} finally {
			running = false;
		}
	};

	async function importUpload(
		body: Readable,
		format: ImportFormat,
		name: string,
		request: UploadRequest,
		stop: AbortController
	): Promise<ImportSummary> {
		const sink = new StoreSink(refusing(request.into, stop));
		const tz = request.tz === null || request.tz === '' ? {} : { tz: request.tz };
		// Called for every chunk the importer reads: where a stopped import stops reading.
		const onProgress = () => {
			stop.signal.throwIfAborted();
		};
		if (format !== 'apple-health-zip') {
			return importStream(body, format, sink, {
				...tz,
				onProgress,
				fileName: name,
				size: request.size
			});
		}
		// A zip keeps its directory at the end: it goes to disk (never into memory) and is read
		// from there, then deleted.
		const folder = await mkdtemp(join(options.tmpDir ?? tmpdir(), 'wellness-import-'));
		try {
			const path = join(folder, name);
			try {
				await pipeline(body, createWriteStream(path));
			} catch (error) {
				throw new ImportError(`${name}: the upload broke off (${messageOf(error)})`);
			}
			return await importFile(path, sink, { ...tz, onProgress });
		} finally {
			await rm(folder, { recursive: true, force: true });
		}
	}
}

/** A record of a kind the sign-in may not write: the import stops, nothing is stored. */
class KindRefused extends Error {
	constructor(readonly refusal: RefusedKind) {
		super(`${refusal.kind} needs ${refusal.scope}`);
	}
}

/** The kinds as the refusal names them. */
const KIND_WORDS: Readonly<Record<ImportKind, string>> = {
	moves: 'days of activity',
	sleeps: 'sleeps',
	workouts: 'workouts',
	body_events: 'body measurements',
	meals: 'meals',
	heartrates: 'resting heart rates'
};

/**
 * The destination's writer, refusing the first record of a kind the sign-in may not write: the
 * store rolls back, and `stop` ends the reading at the next chunk.
 */
function refusing(into: UploadDestination, stop: AbortController): StoreWriter {
	return async () => {
		const store = await into.writer();
		return {
			add(kind, record) {
				const refusal = into.refused(kind);
				if (refusal !== null) {
					const error = new KindRefused(refusal);
					stop.abort(error);
					throw error;
				}
				store.add(kind, record);
			},
			commit: () => store.commit(),
			abort: () => store.abort()
		};
	};
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
