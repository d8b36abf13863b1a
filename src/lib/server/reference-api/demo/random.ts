// Seeded randomness for the demo user: one independent stream per (seed, kind, day), and stable xids.

/*
 * Every stream is keyed by a string such as `20140101|night|20250330`, so changing what one day
 * draws never shifts another day's numbers. Only 32-bit integer arithmetic (Math.imul, >>>) is
 * used: the same seed gives the same numbers on any machine.
 */

/** cyrb128: four 32-bit words from a string key. */
function hash128(key: string): [number, number, number, number] {
	let h1 = 1779033703;
	let h2 = 3144134277;
	let h3 = 1013904242;
	let h4 = 2773480762;
	for (let i = 0; i < key.length; i++) {
		const k = key.charCodeAt(i);
		h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
		h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
		h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
		h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
	}
	h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
	h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
	h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
	h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
	h1 ^= h2 ^ h3 ^ h4;
	h2 ^= h1;
	h3 ^= h1;
	h4 ^= h1;
	return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A small seeded generator (sfc32) with the draws the generator needs. */
export class Stream {
	#a: number;
	#b: number;
	#c: number;
	#d: number;

	constructor(key: string) {
		[this.#a, this.#b, this.#c, this.#d] = hash128(key);
		// The first outputs of sfc32 are still close to the seed words: discard them.
		for (let i = 0; i < 12; i++) this.uint32();
	}

	uint32(): number {
		const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
		this.#d = (this.#d + 1) | 0;
		this.#a = this.#b ^ (this.#b >>> 9);
		this.#b = (this.#c + (this.#c << 3)) | 0;
		this.#c = (this.#c << 21) | (this.#c >>> 11);
		this.#c = (this.#c + t) | 0;
		return t >>> 0;
	}

	/** Uniform in [0, 1). */
	next(): number {
		return this.uint32() / 4294967296;
	}

	/** Uniform in [min, max). */
	range(min: number, max: number): number {
		return min + (max - min) * this.next();
	}

	/** Uniform integer in [min, max] (inclusive). */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	chance(p: number): boolean {
		return this.next() < p;
	}

	/**
	 * Roughly normal (sum of four uniforms, Irwin–Hall), clamped to ±3 sd. Avoids Math.log/sqrt so
	 * the value is the same on every platform.
	 */
	normal(mean: number, sd: number): number {
		const z = (this.next() + this.next() + this.next() + this.next() - 2) * 1.7320508075688772;
		return mean + sd * Math.max(-3, Math.min(3, z));
	}

	pick<T>(items: readonly T[]): T {
		const item = items[Math.floor(this.next() * items.length)];
		if (item === undefined) throw new RangeError('pick from an empty list');
		return item;
	}
}

/** The streams of one generation run, all derived from its seed. */
export class Streams {
	readonly #memo = new Map<string, string>();

	constructor(readonly seed: number) {}

	/** A memoised xid for things named many times over (foods, servings). */
	stableXid(kind: string, key: string): string {
		const memoKey = `${kind}|${key}`;
		let xid = this.#memo.get(memoKey);
		if (xid === undefined) {
			xid = this.xid(kind, key);
			this.#memo.set(memoKey, xid);
		}
		return xid;
	}

	/** The stream for one record kind on one day (or any other stable key). */
	of(kind: string, day: number | string): Stream {
		return new Stream(`${this.seed}|${kind}|${day}`);
	}

	/** A stable 22-character xid (`[A-Za-z0-9_-]`, 132 bits) for one record. */
	xid(kind: string, day: number | string, n = 0): string {
		return xidFromKey(`${this.seed}|xid|${kind}|${day}|${n}`);
	}
}

const XID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function xidFromKey(key: string): string {
	const words = [...hash128(key), ...hash128(`${key}|more`)];
	let out = '';
	for (let i = 0; i < 22; i++) {
		// 22 six-bit digits taken from the words (5 digits of each 32-bit word: 30 bits).
		const word = words[Math.floor(i / 5)] ?? 0;
		out += XID_ALPHABET[(word >>> ((i % 5) * 6)) & 63];
	}
	return out;
}

/** Rounds to a fixed number of decimals so that serialised numbers stay short and stable. */
export function round(value: number, decimals: number): number {
	const factor = 10 ** decimals;
	return Math.round(value * factor) / factor;
}
