// Where copies of an in-memory database seeded with the demo are kept, so that generating is not repeated.

/** Keeps serialized databases (`db.serialize()`) by a key naming what was seeded into them. */
export interface DemoImageCache {
	/** The image stored under `key`, or null when there is none. */
	read(key: string): Buffer | null;
	write(key: string, image: Buffer): void;
}

let cache: DemoImageCache | null = null;

/**
 * Sets where in-memory databases seeded with the demo are kept (null: nowhere, the default). Only
 * the unit tests set one (tests/unit/setup/demo-cache.ts); a server generates on every start.
 */
export function useDemoImageCache(next: DemoImageCache | null): void {
	cache = next;
}

export function demoImageCache(): DemoImageCache | null {
	return cache;
}
