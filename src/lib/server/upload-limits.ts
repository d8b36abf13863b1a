// Caps an upload's size and ends one that stalls or whose import is stopped, so no upload holds the import slot for long.
import { Readable } from 'node:stream';

/** The upload passed the size this server imports. */
export class UploadTooLarge extends Error {
	constructor(readonly maxBytes: number) {
		super(`the upload is larger than ${maxBytes} bytes`);
	}
}

/** Nothing arrived for `idleMs` while the import waited for more. */
export class UploadStalled extends Error {
	constructor(readonly idleMs: number) {
		super(`nothing arrived for ${idleMs} ms`);
	}
}

/** The client went away before its upload was imported. */
export class UploadAborted extends Error {
	constructor() {
		super('the client went away');
	}
}

export interface UploadLimits {
	/** Most bytes one upload may hold (NUDGE_IMPORT_MAX_BYTES). */
	maxBytes: number;
	/** How long the import may wait for the next bytes before the upload counts as stalled. */
	idleMs: number;
	/** Aborted to end the upload at once, with its reason; the limits abort it with theirs. */
	stop: AbortController;
}

/**
 * The upload's bytes, passed on as they come. More than `maxBytes`, or no bytes for `idleMs`
 * while the reader is asking for more (a reader busy with what it has is not a stalled client),
 * aborts `stop` with the reason, and the stream fails with it; so does `stop` aborted by anyone
 * else. The source is then let go (so is it by `letGo`, once the import is over): what is left
 * of it is read and dropped (not destroyed), so the client gets the server's answer instead of a
 * reset connection.
 */
export function metered(
	source: Readable,
	limits: UploadLimits
): { body: Readable; letGo: () => void } {
	const { stop } = limits;
	let received = 0;
	/** Since when the reader has been waiting for bytes that have not come; null when it is not. */
	let waitingSince: number | null = null;
	let timer: ReturnType<typeof setTimeout> | null = null;

	let started = false;
	const out = new Readable({
		read() {
			// Nothing is read from the client before someone asks for it.
			if (!started) start();
			waitingSince ??= Date.now();
			arm();
			source.resume();
		},
		destroy(error, done) {
			letGo();
			done(error);
		}
	});

	function arm(): void {
		if (timer !== null || waitingSince === null) return;
		const left = Math.max(0, waitingSince + limits.idleMs - Date.now());
		timer = setTimeout(() => {
			timer = null;
			if (waitingSince === null) return;
			if (Date.now() - waitingSince >= limits.idleMs) stop.abort(new UploadStalled(limits.idleMs));
			else arm();
		}, left);
	}

	function onData(chunk: Buffer): void {
		received += chunk.length;
		if (received > limits.maxBytes) {
			stop.abort(new UploadTooLarge(limits.maxBytes));
			return;
		}
		if (out.push(chunk)) {
			waitingSince = Date.now();
		} else {
			waitingSince = null;
			source.pause();
		}
	}
	const onEnd = () => {
		waitingSince = null;
		out.push(null);
	};
	const onError = (error: Error) => {
		if (!stop.signal.aborted) out.destroy(error);
	};
	const onStop = () => {
		const reason: unknown = stop.signal.reason;
		out.destroy(reason instanceof Error ? reason : new UploadAborted());
	};

	let released = false;
	function letGo(): void {
		if (released) return;
		released = true;
		waitingSince = null;
		if (timer !== null) clearTimeout(timer);
		timer = null;
		source.off('data', onData);
		source.off('end', onEnd);
		source.off('error', onError);
		// A source let go may still fail (the client goes away): nobody reads it any more.
		source.on('error', () => undefined);
		stop.signal.removeEventListener('abort', onStop);
		source.resume();
	}

	function start(): void {
		started = true;
		source.on('data', onData);
		source.once('end', onEnd);
		source.on('error', onError);
	}

	// Why it failed is stop's reason: a reader that has already let go must not see the error
	// as an unhandled one, which would end the process.
	out.on('error', () => undefined);
	if (stop.signal.aborted) onStop();
	else stop.signal.addEventListener('abort', onStop, { once: true });
	return { body: out, letGo };
}
