// The person's day: which date is today for them and in which zone, and what this browser keeps of them.
import * as z from 'zod/mini';
import type { ApiClient } from '$lib/client';
import { localDateInt, normalizeTz } from '$lib/time/zone';
import { LAST_USER_STORAGE_KEY, userKeyOf, type Account } from './account.svelte';
import { messageOf } from './query.svelte';

/** The person's today and the zone it is reckoned in, as the API sees them. */
export interface PersonDay {
	/** Today as `YYYYMMDD` in the person's zone; null until known (or when nobody is signed in). */
	readonly today: number | null;
	/** The zone of the person's latest move. */
	readonly tz: string;
	/**
	 * When today has no move: the date of the latest one (an imported history ends some day in
	 * the past), so a page can point there; null when today has one, or there is none at all.
	 */
	readonly latest: number | null;
	/**
	 * The server's clock (epoch seconds) when the day was last asked of the API; null until then.
	 * Forms that start at "now" start here, not at the browser's clock, which may differ.
	 */
	readonly serverTime: number | null;
	readonly error: string | null;
}

const DAY_STORAGE_PREFIX = 'wellness:user-day:';
const LOGGED_STORAGE_PREFIX = 'wellness:logged-weigh-ins:';

/** The day's state; the part writes it, pages see it as a read-only PersonDay. */
class PersonDayState implements PersonDay {
	today = $state<number | null>(null);
	tz = $state('UTC');
	latest = $state<number | null>(null);
	serverTime = $state<number | null>(null);
	error = $state<string | null>(null);
}

export interface PersonOptions {
	account: Account;
	client: ApiClient;
	memory: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
	/** The server's now, epoch seconds (the latest `meta.time`, else the browser's clock). */
	serverNow: () => number;
}

/**
 * The person's today (the API lists today's move, in the person's own zone, when no date is
 * given) and the weigh-ins logged from this browser, each remembered per person so a reload (or
 * an offline start) shows them at once.
 */
export class Person {
	readonly #day = new PersonDayState();
	#loaded: Promise<void> | null = null;
	#logged = $state.raw<readonly string[]>([]);
	#userKey: string | null = null;
	readonly #options: PersonOptions;

	constructor(options: PersonOptions) {
		this.#options = options;
	}

	/** The person's day; asked of the API on first use. */
	day(): PersonDay {
		this.#loaded ??= this.#load();
		return this.#day;
	}

	/** The person's today (`YYYYMMDD`) and zone, once the API has said them. */
	async today(): Promise<{ date: number; tz: string }> {
		this.day();
		await this.#loaded;
		const date = this.#day.today ?? localDateInt(this.#options.serverNow(), this.#day.tz);
		return { date, tz: this.#day.tz };
	}

	/** Today as known now: the API's, else the server's clock in the person's zone. */
	todayNow(): number {
		return this.#day.today ?? localDateInt(this.#options.serverNow(), this.#day.tz);
	}

	/** Another person is shown (or the records changed owner): what was asked is asked again. */
	async changed(): Promise<void> {
		if (this.#loaded === null) return;
		this.#loaded = this.#load();
		await this.#loaded;
	}

	/** The ids of the weigh-ins logged from this dashboard in this browser, oldest first. */
	get loggedWeighIns(): readonly string[] {
		return this.#logged;
	}

	/** Remembers the weigh-ins logged here, oldest first. */
	rememberWeighIns(xids: readonly string[]): void {
		this.#logged = xids;
		if (this.#userKey === null) return;
		try {
			this.#options.memory?.setItem(LOGGED_STORAGE_PREFIX + this.#userKey, JSON.stringify(xids));
		} catch {
			// Storage full or blocked: the list lasts for this visit.
		}
	}

	/** The cache shown now belongs to `userKey` (null: nobody): recall what is kept of them. */
	shows(userKey: string | null): void {
		this.#userKey = userKey;
		let xids: readonly string[] = [];
		try {
			const raw =
				userKey === null ? null : this.#options.memory?.getItem(LOGGED_STORAGE_PREFIX + userKey);
			const parsed = loggedSchema.safeParse(raw ? JSON.parse(raw) : []);
			if (parsed.success) xids = parsed.data;
		} catch {
			// A damaged entry is forgotten.
		}
		this.#logged = xids;
	}

	/** Forgets what this browser keeps of `userKey` (sign-out). */
	forget(userKey: string): void {
		this.#options.memory?.removeItem(DAY_STORAGE_PREFIX + userKey);
		this.#options.memory?.removeItem(LOGGED_STORAGE_PREFIX + userKey);
		this.#logged = [];
	}

	async #load(): Promise<void> {
		const memory = this.#options.memory;
		const remembered = memory?.getItem(LAST_USER_STORAGE_KEY) ?? null;
		if (remembered !== null) this.#recall(remembered);
		let userKey: string | null;
		try {
			userKey = userKeyOf(await this.#options.account.current());
		} catch (error) {
			if (this.#day.today === null) this.#day.error = messageOf(error);
			return;
		}
		if (userKey !== remembered) {
			this.#day.today = null;
			this.#day.tz = 'UTC';
			this.#day.latest = null;
			if (userKey !== null) this.#recall(userKey);
		}
		if (userKey === null) {
			this.#day.error = 'Sign in to load your data.';
			return;
		}
		try {
			// Without `date` the API lists today's move in the person's own zone.
			const page = await this.#options.client.listPage('moves', {});
			const move = page.items[0];
			if (move) {
				this.#day.tz = normalizeTz(move.details.tz);
				this.#day.today = move.date;
				this.#day.latest = null;
			} else if (page.serverTime !== null) {
				this.#day.today = localDateInt(page.serverTime, this.#day.tz);
				// No move today (an imported history ends in the past): the latest move, the first
				// of a list newest first, gives the person's zone and the day to point to. Asked
				// after today is known, so nothing waits for it.
				const recent = await this.#options.client.listPage('moves', {
					startTime: 0,
					endTime: page.serverTime
				});
				const latest = recent.items[0];
				if (latest) {
					this.#day.tz = normalizeTz(latest.details.tz);
					this.#day.today = localDateInt(page.serverTime, this.#day.tz);
				}
				this.#day.latest = latest?.date ?? null;
			}
			this.#day.serverTime = page.serverTime;
			this.#day.error = null;
			if (this.#day.today !== null) {
				const remember = JSON.stringify({
					today: this.#day.today,
					tz: this.#day.tz,
					latest: this.#day.latest
				});
				try {
					memory?.setItem(DAY_STORAGE_PREFIX + userKey, remember);
				} catch {
					// Storage full or blocked: the day is asked again next time.
				}
			}
		} catch (error) {
			this.#options.account.failed(error);
			this.#day.error = messageOf(error);
		}
	}

	#recall(userKey: string): void {
		try {
			const raw = this.#options.memory?.getItem(DAY_STORAGE_PREFIX + userKey);
			if (!raw) return;
			const value = rememberedDaySchema.safeParse(JSON.parse(raw));
			if (!value.success) return;
			this.#day.today = value.data.today;
			this.#day.tz = normalizeTz(value.data.tz);
			this.#day.latest = value.data.latest ?? null;
		} catch {
			// A damaged entry is simply forgotten; the API answers again.
		}
	}
}

const rememberedDaySchema = z.object({
	today: z.number(),
	tz: z.string(),
	latest: z.optional(z.nullable(z.number()))
});
const loggedSchema = z.array(z.string());
