// Who is signed in, with which permissions and API version: the session as the server states it.
import * as z from 'zod/mini';
// Not from '$lib/api': that would build every response schema before the page can start.
import { apiVersionSchema, type ApiVersion } from '$lib/api/version';
import { ApiError } from '$lib/client';
import type { SyncStatus } from './sync-status.svelte';

/** What `GET /api/session` answers (validated: it is a boundary like any other). */
export const sessionSchema = z.object({
	mode: z.enum(['embedded', 'token', 'oauth']),
	signedIn: z.boolean(),
	userKey: z.nullable(z.string()),
	scopes: z.array(z.string()),
	upstream: z.enum(['embedded', 'custom']),
	/** The API version the proxy is asked for; v.1.1 when the server does not say. */
	apiVersion: z.optional(apiVersionSchema)
});
export type Session = z.infer<typeof sessionSchema>;

/** Why the person has to sign in: never signed in (or signed out), or the grant ended. */
export type SignInReason = 'signed-out' | 'expired';

/** Names the last user, so a reload opens their cache while the session is on its way. */
export const LAST_USER_STORAGE_KEY = 'wellness:last-user-key';

/** The cache key of a session's user; null when nobody is signed in. */
export function userKeyOf(session: Session): string | null {
	return session.userKey ?? (session.signedIn ? 'default' : null);
}

export interface AccountOptions {
	fetch: typeof globalThis.fetch;
	/** The session, when already known (tests); otherwise `GET {sessionUrl}`. */
	session?: Session;
	sessionUrl?: string;
	memory: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
	status: SyncStatus;
	/** The grant ended: whatever reads on the person's behalf stops. */
	onExpired: () => void;
}

/** The session part of the data layer: asked once, asked again on reconnecting or after an import. */
export class Account {
	#current: Promise<Session>;
	#state = $state.raw<Session | null>(null);
	#signInReason = $state<SignInReason | null>(null);
	#apiVersion: ApiVersion = 'v.1.1';
	readonly #options: AccountOptions;

	constructor(options: AccountOptions) {
		this.#options = options;
		this.#current = options.session ? Promise.resolve(options.session) : this.#fetch();
		// Registered first, so the version is set before any caller awaiting the session calls out.
		this.#current.then(
			(session) => this.#known(session),
			() => {}
		);
	}

	/** The session, once the server said it. */
	current(): Promise<Session> {
		return this.#current;
	}

	/** What the server said of the session; null until it answers (or while offline). */
	get state(): Session | null {
		return this.#state;
	}

	get signInReason(): SignInReason | null {
		return this.#signInReason;
	}

	get apiVersion(): ApiVersion {
		return this.#apiVersion;
	}

	/** Whether asking the server failed (offline at start). */
	async unknown(): Promise<boolean> {
		return this.#current.then(
			() => false,
			() => true
		);
	}

	/** Asks the server again; the new session replaces the old once it answers. */
	async refresh(): Promise<Session> {
		const next = this.#fetch();
		next.catch(() => {});
		const session = await next;
		this.#current = next;
		this.#known(session);
		return session;
	}

	/** An API call failed: a 401 in OAuth mode means the grant ended, and the page asks to sign in. */
	failed(error: unknown): void {
		if (!(error instanceof ApiError) || !error.signInRequired) return;
		if (this.#state?.mode !== 'oauth' || this.#signInReason !== null) return;
		this.#signInReason = 'expired';
		this.#signedOut();
		this.#options.status.setPhase('signed-out', 'Signed out: sign in again.');
		this.#options.onExpired();
		this.#options.memory?.removeItem(LAST_USER_STORAGE_KEY);
	}

	/** The person signed out here: nobody is signed in from now on. */
	signedOut(): void {
		this.#signInReason = 'signed-out';
		this.#signedOut();
	}

	#signedOut(): void {
		if (this.#state === null) return;
		this.#state = { ...this.#state, signedIn: false, userKey: null, scopes: [] };
		this.#current = Promise.resolve(this.#state);
	}

	#known(session: Session): void {
		this.#apiVersion = session.apiVersion ?? 'v.1.1';
		this.#state = session;
		if (!session.signedIn) this.#signInReason = 'signed-out';
		if (session.signedIn) this.#options.status.setPhase('idle');
		else this.#options.status.setPhase('signed-out', 'Sign in to load your data.');
	}

	async #fetch(): Promise<Session> {
		const response = await this.#options.fetch(this.#options.sessionUrl ?? '/api/session', {
			headers: { accept: 'application/json' }
		});
		if (!response.ok) throw new Error(`The session could not be read (${response.status}).`);
		return sessionSchema.parse(await response.json());
	}
}
