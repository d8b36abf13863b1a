// The user's "today" and home zone, as the API sees them: the date of today's move, in the user's zone.
import { createApiClient } from '$lib/client';
import { localDateInt, normalizeTz } from '$lib/time/zone';

const REMEMBERED = 'wellness:user-day';

/** Today's date and the zone it is reckoned in, from the API's default moves list (today). */
export class UserDay {
	#today = $state<number | null>(null);
	#tz = $state<string>('UTC');
	#error = $state<string | null>(null);
	readonly ready: Promise<void>;

	constructor(fetcher: typeof fetch = (input, init) => fetch(input, init)) {
		const remembered = readRemembered();
		if (remembered) {
			this.#today = remembered.today;
			this.#tz = remembered.tz;
		}
		this.ready = this.#load(fetcher);
	}

	/** Today as `YYYYMMDD` in the user's zone; null until known. */
	get today(): number | null {
		return this.#today;
	}
	/** The zone of the user's latest move. */
	get tz(): string {
		return this.#tz;
	}
	get error(): string | null {
		return this.#error;
	}

	async #load(fetcher: typeof fetch): Promise<void> {
		try {
			const client = createApiClient({ fetch: fetcher });
			// Without `date` the API lists today's move in the user's own zone.
			const page = await client.listPage('moves', {});
			const move = page.items[0];
			if (move) {
				this.#tz = normalizeTz(move.details.tz);
				this.#today = move.date;
			} else if (page.serverTime !== null) {
				this.#today = localDateInt(page.serverTime, this.#tz);
			}
			this.#error = null;
			if (this.#today !== null) remember(this.#today, this.#tz);
		} catch (error) {
			this.#error = error instanceof Error ? error.message : String(error);
		}
	}
}

function readRemembered(): { today: number; tz: string } | null {
	if (typeof localStorage === 'undefined') return null;
	try {
		const raw = localStorage.getItem(REMEMBERED);
		if (!raw) return null;
		const value: unknown = JSON.parse(raw);
		if (
			typeof value === 'object' &&
			value !== null &&
			'today' in value &&
			'tz' in value &&
			typeof value.today === 'number' &&
			typeof value.tz === 'string'
		)
			return { today: value.today, tz: normalizeTz(value.tz) };
	} catch {
		// A damaged entry is simply forgotten; the API answers again.
	}
	return null;
}

function remember(today: number, tz: string): void {
	if (typeof localStorage === 'undefined') return;
	try {
		localStorage.setItem(REMEMBERED, JSON.stringify({ today, tz }));
	} catch {
		// Storage full or blocked: today is asked again next time.
	}
}

let singleton: UserDay | null = null;

/** The browser's one UserDay. */
export function getUserDay(): UserDay {
	singleton ??= new UserDay();
	return singleton;
}
