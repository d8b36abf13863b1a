// Which of several devices writing the same quantity counts: the watch first, the way Health ranks sources.

interface Source {
	name: string;
	watch: boolean;
}

/**
 * Registers every source (app or device) seen in an export and ranks them: a source whose name or
 * device mentions "Watch" ranks above every other; within a class the name decides (alphabetical),
 * so the rank never depends on the order the export lists records in.
 */
export class SourceRanking {
	readonly #ids = new Map<string, number>();
	/**
	 * Source name → whether the name says Watch and then its id, else the devices seen under it
	 * with their ids.
	 */
	readonly #byName = new Map<
		string,
		{ watchName: boolean; id: number; devices: { device: string | undefined; id: number }[] }
	>();
	readonly #sources: Source[] = [{ name: '', watch: false }];

	/** A small id (1, 2, …) for a source; 0 means "no source". */
	idOf(sourceName: string, device: string | undefined): number {
		// Keyed by the short name; the long device text is compared, not hashed, on every record.
		let known = this.#byName.get(sourceName);
		if (!known) {
			known = { watchName: sourceName.includes('Watch'), id: 0, devices: [] };
			this.#byName.set(sourceName, known);
		}
		// A name that says Watch is a watch whatever its device says, so its device text (the
		// longest attribute, pieced together around its entities) is not read at all: most of an
		// export's samples are a watch's.
		if (known.watchName) {
			if (known.id === 0) known.id = this.#register(sourceName, device);
			return known.id;
		}
		for (const seen of known.devices) if (seen.device === device) return seen.id;
		const id = this.#register(sourceName, device);
		known.devices.push({ device, id });
		return id;
	}

	#register(sourceName: string, device: string | undefined): number {
		const watch = sourceName.includes('Watch') || (device?.includes('Watch') ?? false);
		const key = `${watch ? 'w' : 'o'}${sourceName}`;
		let id = this.#ids.get(key);
		if (id === undefined) {
			id = this.#sources.length;
			if (id > 65535) id = 65535;
			else this.#sources.push({ name: sourceName, watch });
			this.#ids.set(key, id);
		}
		return id;
	}

	/** Whether source `a` wins over source `b`. */
	prefers(a: number, b: number): boolean {
		const sa = this.#sources[a];
		const sb = this.#sources[b];
		if (!sa || !sb) return a < b;
		if (sa.watch !== sb.watch) return sa.watch;
		return sa.name < sb.name;
	}

	isWatch(id: number): boolean {
		return this.#sources[id]?.watch ?? false;
	}
}
