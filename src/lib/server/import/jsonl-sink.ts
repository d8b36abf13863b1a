// A sink that writes one JSON line per record to a file, which appears only when the import succeeds.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { ImportedRecord, ImportSink } from './types';

/**
 * Writes to `<path>.partial` and renames it to `path` on commit; an aborted import deletes the
 * partial file, so a failed import never leaves a half-written output behind.
 */
export class JsonLinesSink implements ImportSink {
	readonly #path: string;
	readonly #partial: string;
	#out: WriteStream | null = null;

	constructor(path: string) {
		this.#path = path;
		this.#partial = `${path}.partial`;
	}

	async add(item: ImportedRecord): Promise<void> {
		this.#out ??= createWriteStream(this.#partial);
		if (!this.#out.write(`${JSON.stringify(item)}\n`))
			await new Promise<void>((resolve) => this.#out?.once('drain', resolve));
	}

	async #close(): Promise<void> {
		const out = (this.#out ??= createWriteStream(this.#partial));
		await new Promise<void>((resolve, reject) =>
			out.end((error?: Error | null) => (error ? reject(error) : resolve()))
		);
	}

	async commit(): Promise<null> {
		await this.#close();
		await rename(this.#partial, this.#path);
		return null;
	}

	async abort(): Promise<void> {
		if (this.#out) await this.#close();
		await rm(this.#partial, { force: true });
	}
}
