// Imports a file uploaded from the Data page into an account of the embedded API: streamed, capped, one at a time, all or nothing.
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { apiErrorResponse, type ProxyErrorType } from './api-error';
import { clip, clipMessage, MAX_QUOTED_CHARS } from './quote';
import { describeError, logEvent } from './redact';
import { diskFull, storeProblem, StoreUnusable } from './sqlite-file';
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
import { DEFAULT_IMPORT_MAX_BYTES } from './config/parse-config';
import { metered, UploadAborted, UploadStalled, UploadTooLarge } from './upload-limits';
import {
	DEFAULT_SPOOL_CHECK_BYTES,
	DEFAULT_SPOOL_RESERVE_BYTES,
	SPOOL_FOLDER,
	SpoolFull,
	spoolUpload,
	type SpoolOptions
} from './upload-spool';

export interface ImportUploadOptions {
	/** Most bytes one upload may hold (NUDGE_IMPORT_MAX_BYTES); default 4 GiB. */
	maxBytes?: number;
	/** How long an upload may send nothing while the import waits for it; default 30 s. */
	idleMs?: number;
	/**
	 * Where a zip is spooled while it is read (yauzl needs to seek), and the free space it leaves;
	 * default a folder of the system's temporary folder, 256 MiB, looked at every 16 MiB.
	 */
	spool?: Partial<SpoolOptions>;
	now?: () => number;
}

export const DEFAULT_UPLOAD_IDLE_MS = 30_000;

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
	/** Aborts when the client goes away: the import stops and frees its slot at once. */
	signal?: AbortSignal;
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
 * An upload over the size cap is a 413 (at once when its length says so, with or without one
 * as soon as it passes the cap), one that sends nothing for `idleMs` a 408, a zip the disk has
 * no room for a 507; one whose client goes away stops. Each frees the slot as soon as it ends.
 * A refusal reads and drops the rest of the body, so the client gets the answer (closing the
 * connection on unread bytes resets it, and the answer is lost); a stalled upload's connection,
 * which sends nothing, is closed.
 */
export function createImportUpload(options: ImportUploadOptions) {
	let running = false;
	const now = options.now ?? Date.now;
	const maxBytes = options.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
	const idleMs = options.idleMs ?? DEFAULT_UPLOAD_IDLE_MS;
	const spool: SpoolOptions = {
		root: join(tmpdir(), SPOOL_FOLDER),
		reserveBytes: DEFAULT_SPOOL_RESERVE_BYTES,
		checkEveryBytes: DEFAULT_SPOOL_CHECK_BYTES,
		...options.spool
	};
	const fail = (status: number, type: ProxyErrorType, detail: string) =>
		apiErrorResponse(status, type, detail, {
			now,
			headers: status === 408 ? { connection: 'close' } : {}
		});
	const tooLarge = () =>
		fail(
			413,
			'payload_too_large',
			`Nothing was imported: the file is larger than the ${sizeText(maxBytes)} this server imports (NUDGE_IMPORT_MAX_BYTES).`
		);

	return async function upload(request: UploadRequest): Promise<Response> {
		const name = request.name === null ? '' : cleanFileName(request.name);
		if (name === '') {
			request.body?.resume();
			return fail(400, 'invalid_parameter', 'Name the file: POST /api/import?name=export.zip');
		}
		let format: ImportFormat;
		try {
			format = formatOf(name);
		} catch (error) {
			request.body?.resume();
			return fail(415, 'unsupported_media_type', clipMessage(messageOf(error)));
		}
		if (request.body === null) return fail(400, 'invalid_parameter', `${name} is empty.`);
		if (request.size !== null && request.size > maxBytes) {
			request.body.resume();
			return tooLarge();
		}
		if (running) {
			request.body.resume();
			return fail(409, 'import_busy', 'Another import is running. Try again when it has finished.');
		}
		running = true;
		const stop = new AbortController();
		const clientGone = () => stop.abort(new UploadAborted());
		if (request.signal?.aborted === true) clientGone();
		request.signal?.addEventListener('abort', clientGone, { once: true });
		const { body, letGo } = metered(request.body, { maxBytes, idleMs, stop });
		try {
			const summary = await importUpload(body, format, name, request, stop);
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
			// Why the import stopped, when something stopped it; else what the importer threw.
			const reason: unknown = stop.signal.reason;
			const cause = reason ?? error;
			if (cause instanceof KindRefused) {
				const { kind, scope } = cause.refusal;
				return fail(
					403,
					'insufficient_scope',
					`Nothing was imported: the file holds ${KIND_WORDS[kind]}, and this sign-in may not add them (${scope}). Sign in again and allow it.`
				);
			}
			if (cause instanceof UploadTooLarge) return tooLarge();
			if (cause instanceof UploadStalled) {
				return fail(
					408,
					'upload_stalled',
					`Nothing was imported: the upload stalled (nothing arrived for ${Math.round(idleMs / 1000)} s). Try again.`
				);
			}
			if (cause instanceof UploadAborted) {
				return fail(400, 'upload_aborted', 'Nothing was imported: the upload was stopped.');
			}
			if (cause instanceof SpoolFull) {
				logEvent('warn', 'import.spool_full', {
					path: spool.root,
					neededBytes: cause.neededBytes,
					freeBytes: cause.freeBytes
				});
				return fail(
					507,
					'insufficient_storage',
					`Nothing was imported: the server has too little free disk space for this file (${sizeText(cause.freeBytes)} free, ${sizeText(cause.neededBytes)} needed).`
				);
			}
			if (error instanceof ImportError) {
				// The importer's message may quote a value of any length from the file: cut short.
				return fail(422, 'invalid_import', `Nothing was imported: ${clipMessage(error.message)}`);
			}
			// The database cannot take the records (a full disk, a damaged or read-only file).
			const problem = error instanceof StoreUnusable ? error.reason : storeProblem(error);
			if (problem !== null) {
				logEvent('error', 'import.store_unusable', { error: describeError(error) });
				return diskFull(error)
					? fail(507, 'insufficient_storage', `Nothing was imported: ${problem}.`)
					: fail(
							503,
							'store_unavailable',
							`Nothing was imported: the server cannot use its database: ${problem}.`
						);
			}
			throw error;
		} finally {
			// Whatever is left of the body is read and dropped (see metered).
			letGo();
			request.signal?.removeEventListener('abort', clientGone);
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
		// Called for every chunk the importer reads: where a stopped import stops reading (a zip
		// is read from its spooled copy, which nothing else would stop).
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
		let spooled: Awaited<ReturnType<typeof spoolUpload>>;
		try {
			spooled = await spoolUpload(body, name, request.size, spool);
		} catch (error) {
			if (error instanceof SpoolFull || stop.signal.aborted) throw error;
			throw new ImportError(`${name}: the upload broke off (${messageOf(error)})`);
		}
		try {
			return await importFile(spooled.path, sink, { ...tz, onProgress });
		} finally {
			await spooled.remove();
		}
	}
}

/** Bytes as a person reads them: `512 KB`, `4.3 GB`. */
function sizeText(bytes: number): string {
	if (bytes < 1e6) return `${Math.max(1, Math.round(bytes / 1e3))} KB`;
	if (bytes < 1e9) return `${(bytes / 1e6).toFixed(1)} MB`;
	return `${(bytes / 1e9).toFixed(1)} GB`;
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
	heartrates: 'resting heart rates',
	cardiac_events: 'blood pressure readings'
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
