// The embedded reference implementation of the Wellness API: a framework-free `handle(Request)` over the live store.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ParamSpec } from '$lib/api/endpoints';
import { checkControl, validateParams } from '$lib/api/endpoint-params';
import { matchEndpoint } from '$lib/api/endpoint-paths';
import { clip } from '../quote';
import { storeProblem, StoreUnusable } from '../sqlite-file';
import {
	applyEntry,
	ImportError,
	ImportTransaction,
	importRecords,
	priorImports,
	type ImportCounts,
	type StoredImport
} from './apply';
import {
	DEFAULT_DATA_DIR,
	LEGACY_DATA_DIR,
	optionsFromEnv,
	type ReferenceApiOptions
} from './config';
import {
	BUSY_TIMEOUT_MS,
	DATABASE_FILE,
	isBusy,
	openDatabase,
	openSeededMemoryDatabase,
	readMeta,
	writeMeta,
	type StoreDatabase
} from './database';
import { DEFAULT_DAYS, DEFAULT_SEED, DEMO_PERSON, generateDemoData } from './demo/index';
import { ApiFailure, failure, jsonResponse, methodNotAllowed, notFound, success } from './envelope';
import { FaultInjector, pause, truncatedResponse } from './faults';
import type { HandlerContext } from './handlers/context';
import { handlerFor } from './handlers/index';
import { migrateJournal, type JournalEntry } from './journal';
import {
	DEFAULT_ACCESS_TTL_SEC,
	DEMO_CLIENT_ID,
	DEMO_CLIENT_SECRET,
	OAuthServer,
	type ClientConfig
} from './oauth';
import {
	DEMO_ACCOUNT,
	defaultProfile,
	OWN_ACCOUNT,
	readProfile,
	Store,
	seedAccount,
	writeProfile,
	type RecordKind
} from './store';
import { TrendsEngine } from './trends';

export type { ReferenceApiOptions } from './config';
export type { FaultConfig } from './faults';
export type { ImportCounts } from './apply';
export { ImportError, type ImportCommit, type ImportTransaction, type StoredImport } from './apply';
export { DEMO_ACCOUNT, OWN_ACCOUNT, type RecordKind } from './store';
export { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from './oauth';

export interface ReferenceApi {
	/** Answers a request for `/nudge/api/...` or `/auth/oauth2/...`; null for any other path. */
	handle(request: Request): Promise<Response | null>;
	/** The static token with every scope (never logged). */
	readonly demoAccessToken: string;
	/** Resolves once the database is open and the demo generated (otherwise done on first request). */
	ready(): Promise<void>;
	/**
	 * Stores imported records of one kind into an account in one transaction (all or nothing),
	 * adding nothing twice for a record id already stored; see `importRecords` in apply.ts.
	 */
	importRecords(
		account: string,
		kind: RecordKind,
		records: Iterable<unknown>
	): Promise<ImportCounts>;
	/**
	 * Opens one file's import into an account: records are written one by one into a single
	 * transaction (see ImportTransaction in apply.ts) and appear all at once on commit, so a big
	 * export is never held whole in memory. It holds the store's write turn until commit or abort:
	 * other writes wait, reads go on. With a database file the import writes through a connection
	 * of its own, so reads see none of it before the commit; an in-memory database has one
	 * connection, and its reads see the records as they are written.
	 */
	beginImport(account: string): Promise<ImportTransaction>;
	/**
	 * Whose records a token reads and what it may do: the account and scopes of its grant (the
	 * static token: every scope, and the account it reads now); null for a token that is unknown,
	 * revoked or expired.
	 */
	grantOf(token: string): Promise<{ account: string; scopes: readonly string[] } | null>;
	/**
	 * The files imported into an account whose content had `bytes` bytes: their digests, times
	 * and summaries, so an importer can recognise a file it was given before.
	 */
	priorImports(account: string, bytes: number): Promise<StoredImport[]>;
	close(): Promise<void>;
}

const API_PREFIX = '/nudge/api';
const OAUTH_PREFIX = '/auth/oauth2/';
const describe = (error: unknown): string =>
	error instanceof Error ? error.message : String(error);

/** Largest request body accepted (meal photos included); a larger one is a 413. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

const newXid = (): string => randomBytes(12).toString('base64url');

/** One account's records and its trend cache. */
interface AccountState {
	store: Store;
	trends: TrendsEngine;
}

interface Live {
	db: StoreDatabase;
	account(id: string): AccountState;
}

/** The meta key naming which demo the database holds, so a changed seed or span regenerates it. */
const DEMO_SOURCE_KEY = 'demo_source';

/** Builds the reference API; data is generated (or loaded) and the journal replayed on first use. */
export function createReferenceApi(options: ReferenceApiOptions = {}): ReferenceApi {
	const nowMs = options.now ?? Date.now;
	const nowSec = () => Math.floor(nowMs() / 1000);
	const accessToken = options.accessToken ?? randomBytes(32).toString('base64url');
	const demoClient: ClientConfig = {
		id: DEMO_CLIENT_ID,
		secret: DEMO_CLIENT_SECRET,
		redirectUris: []
	};
	const clients = [demoClient, ...(options.clients ?? []).filter((c) => c.id !== DEMO_CLIENT_ID)];
	/** The static token reads the person's own account once it holds data, the demo user before. */
	const staticAccount = (state: Live): string =>
		state.account(OWN_ACCOUNT).store.hasRecords() ? OWN_ACCOUNT : DEMO_ACCOUNT;
	const oauth = new OAuthServer({
		accounts: () => {
			const demo = { id: DEMO_ACCOUNT, label: 'The demo user' };
			const own = { id: OWN_ACCOUNT, label: 'My own records (imported)' };
			return opened !== null && staticAccount(opened) === OWN_ACCOUNT ? [own, demo] : [demo, own];
		},
		clients,
		nowSec,
		accessTtlSec: options.accessTtlSec ?? DEFAULT_ACCESS_TTL_SEC,
		staticToken: accessToken
	});
	const faults = options.faults === undefined ? null : new FaultInjector(options.faults);
	const latencyMs = options.latencyMs ?? 0;
	const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;

	let live: Promise<Live> | null = null;
	let opened: Live | null = null;
	const start = async (): Promise<Live> => {
		const demo = { seed: options.seed ?? DEFAULT_SEED, days: options.days ?? DEFAULT_DAYS };
		const seedDemo = (db: StoreDatabase, now: number): void => {
			seedAccount(db, DEMO_ACCOUNT, {
				...generateDemoData({ ...demo, now }),
				profile: { gender: DEMO_PERSON.gender, birthDate: DEMO_PERSON.birthDate }
			});
			writeMeta(db, DEMO_SOURCE_KEY, JSON.stringify(demo));
		};
		let db: StoreDatabase;
		if (options.dataset !== undefined) {
			db = openDatabase(dataDir);
			seedAccount(db, DEMO_ACCOUNT, options.dataset);
		} else if (dataDir === null) {
			// The same seed, span and now make the same demo, so a kept copy serves (demo-image.ts).
			const now = nowMs();
			const key = JSON.stringify({ ...demo, now });
			db = openSeededMemoryDatabase(key, (fresh) => seedDemo(fresh, now));
		} else {
			// Generated once into the database, not on every start.
			db = openDatabase(dataDir);
			if (options.demo !== false && readMeta(db, DEMO_SOURCE_KEY) !== JSON.stringify(demo))
				seedDemo(db, nowMs());
		}
		if (readProfile(db, OWN_ACCOUNT) === null) {
			// The person's own account exists from the start, under an id of its own.
			writeProfile(db, OWN_ACCOUNT, defaultProfile(newXid(), 'UTC'));
		}
		const accounts = new Map<string, AccountState>();
		const account = (id: string): AccountState => {
			let state = accounts.get(id);
			if (state === undefined) {
				const store = new Store({ db, account: id });
				state = { store, trends: new TrendsEngine(store) };
				accounts.set(id, state);
			}
			return state;
		};
		if (dataDir !== null) {
			// A journal of an earlier version holds the writes made over the demo user.
			const demo = account(DEMO_ACCOUNT).store;
			const apply = (entries: readonly JournalEntry[]) =>
				demo.transaction(() => entries.filter((entry) => applyEntry(demo, entry)).length);
			await migrateJournal(dataDir, apply);
			if (options.dataDir === undefined) await migrateJournal(LEGACY_DATA_DIR, apply);
		}
		// Tokens issued before the database opened join it; an earlier run's come back.
		oauth.keepTokensIn(db);
		opened = { db, account };
		return opened;
	};
	const ready = () => (live ??= start());

	// Writes run one at a time: read-modify-write, journal (fsync) and apply never interleave.
	let writeTail: Promise<unknown> = Promise.resolve();
	const serialized = <T>(task: () => Promise<T>): Promise<T> => {
		const run = writeTail.then(task, task);
		writeTail = run.catch(() => undefined);
		return run;
	};

	async function handleApi(request: Request, url: URL): Promise<Response> {
		const now = nowSec();
		let userXid = '';
		try {
			const live = await ready();
			const match = matchEndpoint(request.method, url.pathname.slice(API_PREFIX.length + 1));
			if ('error' in match) {
				if (match.error === 'method_not_allowed') throw methodNotAllowed(match.allowed ?? []);
				throw notFound(`No endpoint answers ${url.pathname}.`);
			}
			// A server that speaks only some versions (NUDGE_REFERENCE_VERSIONS) has no others.
			if (options.versions !== undefined && !options.versions.includes(match.version)) {
				throw notFound(`No endpoint answers ${url.pathname}.`);
			}
			const grant = oauth.authenticate(request.headers.get('authorization'));
			const state = live.account(grant.account ?? staticAccount(live));
			const { store } = state;
			userXid = store.userXid;
			const { endpoint } = match;
			if (endpoint.scope !== null && !grant.scopes.has(endpoint.scope)) {
				throw new ApiFailure(
					403,
					'insufficient_scope',
					`This call needs the ${endpoint.scope} scope.`
				);
			}
			const { query, body } = await parametersOf(request, url, endpoint.query, endpoint.body, now);
			const handler = handlerFor(endpoint.id);
			if (handler === undefined)
				throw new ApiFailure(500, 'internal_error', 'No handler for this endpoint.');
			const context: HandlerContext = {
				store,
				oauth,
				trends: state.trends,
				grant,
				endpoint,
				version: match.version,
				xid: match.pathParams.xid ?? '',
				query,
				body,
				nowSec: now,
				commit: (entry: JournalEntry) => {
					store.transaction(() => applyEntry(store, entry));
					return Promise.resolve();
				},
				newXid
			};
			const result =
				endpoint.method === 'GET'
					? await handler(context)
					: await serialized(async () => handler(context));
			if (result instanceof Response) return result;
			return success(userXid, now, result.data, result);
		} catch (error) {
			if (error instanceof ApiFailure) return failure(userXid, now, error);
			if (isBusy(error)) return failure(userXid, now, storeBusy());
			// A database that cannot be used (damaged, read-only, a full disk): the answer says so.
			const problem = error instanceof StoreUnusable ? error.reason : storeProblem(error);
			if (problem !== null) {
				console.error('reference API: the database cannot be used:', describe(error));
				return failure(
					userXid,
					now,
					new ApiFailure(503, 'unavailable', `The server cannot use its database: ${problem}.`)
				);
			}
			console.error(
				'reference API: unexpected failure',
				error instanceof Error ? error.message : error
			);
			return failure(
				userXid,
				now,
				new ApiFailure(500, 'internal_error', 'The server failed to answer.')
			);
		}
	}

	async function withFaults(
		request: Request,
		url: URL,
		answer: () => Promise<Response>
	): Promise<Response> {
		await pause(latencyMs, request.signal);
		const fault = faults?.next(url.pathname) ?? 'ok';
		const now = nowSec();
		switch (fault) {
			case '429':
				return failure(
					'',
					now,
					new ApiFailure(429, 'too_many_requests', 'Too many requests; retry later.', {
						'retry-after': String(faults?.retryAfterSeconds ?? 1)
					})
				);
			case '500':
				return failure('', now, new ApiFailure(500, 'internal_error', 'Injected server error.'));
			case '503':
				return failure(
					'',
					now,
					new ApiFailure(503, 'unavailable', 'Injected unavailability.', {
						'retry-after': String(faults?.retryAfterSeconds ?? 1)
					})
				);
			case 'hang':
				await pause(faults?.hangMs ?? 0, request.signal);
				return failure('', now, new ApiFailure(503, 'unavailable', 'Injected hang ended.'));
			case 'malformed': {
				const text = await (await answer()).text();
				return new Response(`${text.slice(0, -1)} <!-- malformed`, {
					status: 200,
					headers: { 'content-type': 'application/json; charset=utf-8' }
				});
			}
			case 'truncated':
				return truncatedResponse(await (await answer()).text());
			case 'ok':
				return answer();
		}
	}

	return {
		demoAccessToken: accessToken,
		async ready(): Promise<void> {
			await ready();
		},
		async handle(request: Request): Promise<Response | null> {
			if (request.method !== 'HEAD') return handleAny(request);
			// HEAD is GET without the body, as HTTP servers answer it: same status and headers.
			const answer = await handleAny(new Request(request.url, { headers: request.headers }));
			return answer && new Response(null, { status: answer.status, headers: answer.headers });
		},
		async importRecords(account, kind, records) {
			const state = (await ready()).account(account);
			return serialized(() => Promise.resolve(importRecords(state.store, kind, records)));
		},
		async beginImport(account) {
			const state = (await ready()).account(account);
			let release = () => {};
			const turn = new Promise<void>((resolve) => (release = resolve));
			await new Promise<void>((acquired) => {
				void serialized(() => {
					acquired();
					return turn;
				});
			});
			try {
				if (dataDir === null) {
					return new ImportTransaction(state.store, () => {
						// Reads during the import may have cached its records; the profile may be new.
						state.trends.forget();
						state.store.version++;
						release();
					});
				}
				const db = new Database(join(dataDir, DATABASE_FILE), { timeout: BUSY_TIMEOUT_MS });
				try {
					db.pragma('synchronous = FULL');
					const store = new Store({ db, account });
					return new ImportTransaction(store, () => {
						db.close();
						release();
					});
				} catch (error) {
					db.close();
					if (isBusy(error))
						throw new ImportError(
							`the store in ${dataDir} is busy: the running dashboard is writing to it (an import from the Data page?). Try again when it has finished.`
						);
					throw error;
				}
			} catch (error) {
				release();
				throw error;
			}
		},
		async grantOf(token) {
			const state = await ready();
			try {
				const grant = oauth.authenticate(`Bearer ${token}`);
				return { account: grant.account ?? staticAccount(state), scopes: [...grant.scopes] };
			} catch (error) {
				if (error instanceof ApiFailure) return null;
				throw error;
			}
		},
		async priorImports(account, bytes) {
			return priorImports((await ready()).db, account, bytes);
		},
		async close(): Promise<void> {
			if (live === null) return;
			const state = await live;
			await writeTail;
			state.db.close();
		}
	};

	/** Every method but HEAD. */
	async function handleAny(request: Request): Promise<Response | null> {
		const url = new URL(request.url);
		if (url.pathname.startsWith(OAUTH_PREFIX)) {
			return withFaults(request, url, async () => {
				try {
					const answer = await oauth.handle(request, url);
					return answer ?? failure('', nowSec(), notFound(`No endpoint answers ${url.pathname}.`));
				} catch {
					const failed = new ApiFailure(400, 'invalid_input', 'The request could not be read.');
					return failure('', nowSec(), failed);
				}
			});
		}
		if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) return null;
		return withFaults(request, url, () => handleApi(request, url));
	}
}

/**
 * Reads and validates the query and the payload of a request against the endpoint's specs, with
 * the catalogue's rules (the proxy applies the same ones): query values hold no control
 * characters at all, body fields may hold line breaks, written times are judged by this API's clock.
 */
async function parametersOf(
	request: Request,
	url: URL,
	querySpecs: readonly ParamSpec[],
	bodySpec: { encoding: string; params: readonly ParamSpec[] } | undefined,
	nowSec: number
): Promise<{ query: Record<string, string>; body: Record<string, string> }> {
	const form = bodySpec === undefined ? new Map<string, string>() : await formFieldsOf(request);
	const badQuery = checkControl(url.searchParams, false);
	if (badQuery !== null)
		throw new ApiFailure(400, 'invalid_input', `${clip(badQuery)} contains control characters`);
	if (bodySpec?.encoding === 'query') {
		// Sleep creation: the fields travel in the query string (a form body is accepted too).
		const merged = new Map<string, string>(form);
		for (const [key, value] of url.searchParams) {
			if (merged.has(key))
				throw new ApiFailure(400, 'invalid_input', `${clip(key)} is given more than once`);
			merged.set(key, value);
		}
		return { query: {}, body: checked(bodySpec.params, merged, nowSec) };
	}
	const query = checked(querySpecs, url.searchParams, nowSec);
	return { query, body: bodySpec === undefined ? {} : checked(bodySpec.params, form, nowSec) };
}

function checked(
	specs: readonly ParamSpec[],
	input: URLSearchParams | Map<string, string>,
	nowSec: number
): Record<string, string> {
	const result = validateParams(specs, input, { nowSec });
	if (!result.ok)
		throw new ApiFailure(400, 'invalid_input', `${clip(result.field)} ${result.reason}`);
	return result.values;
}

/**
 * A write while another process holds the store's write lock: a command-line import being
 * written into the data folder of this running server. Reads go on meanwhile (WAL).
 */
const storeBusy = () =>
	new ApiFailure(
		503,
		'store_busy',
		'The store is busy: an import is being written into it. Try again in a minute.',
		{ 'retry-after': '30' }
	);

const tooLarge = () =>
	new ApiFailure(
		413,
		'payload_too_large',
		`The request body is larger than ${MAX_BODY_BYTES} bytes.`
	);

/** The body's bytes, read no further than MAX_BODY_BYTES (Content-Length may lie or be absent). */
async function bodyBytesOf(request: Request): Promise<Uint8Array<ArrayBuffer>> {
	const declared = Number(request.headers.get('content-length') ?? '0');
	if (declared > MAX_BODY_BYTES) throw tooLarge();
	if (request.body === null) return new Uint8Array();
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let total = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		total += value.byteLength;
		if (total > MAX_BODY_BYTES) {
			await reader.cancel();
			throw tooLarge();
		}
		chunks.push(value);
	}
	const bytes = new Uint8Array(total);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return bytes;
}

/** The fields of a form or multipart body (a file field counts by its file name). */
async function formFieldsOf(request: Request): Promise<Map<string, string>> {
	const fields = new Map<string, string>();
	const bytes = await bodyBytesOf(request);
	const type = (request.headers.get('content-type') ?? '').toLowerCase();
	const add = (key: string, value: string) => {
		if (fields.has(key))
			throw new ApiFailure(400, 'invalid_input', `${clip(key)} is given more than once`);
		fields.set(key, value);
	};
	if (type.startsWith('application/x-www-form-urlencoded')) {
		for (const [key, value] of new URLSearchParams(new TextDecoder().decode(bytes)))
			add(key, value);
		return fields;
	}
	if (type.startsWith('multipart/form-data')) {
		let form: FormData;
		try {
			const headers = { 'content-type': request.headers.get('content-type') ?? '' };
			form = await new Response(bytes, { headers }).formData();
		} catch {
			throw new ApiFailure(400, 'invalid_input', 'The multipart body cannot be read.');
		}
		for (const [key, value] of form) add(key, typeof value === 'string' ? value : value.name);
		return fields;
	}
	if (new TextDecoder().decode(bytes).trim() !== '') {
		throw new ApiFailure(
			400,
			'invalid_input',
			'The body must be application/x-www-form-urlencoded or multipart/form-data.'
		);
	}
	return fields;
}

export { jsonResponse, optionsFromEnv };
