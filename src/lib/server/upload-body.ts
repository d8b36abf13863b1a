// The body of an upload as a Node stream, read as it arrives and whole, whatever adapter-node's BODY_SIZE_LIMIT says.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** adapter-node's refusal of a body past BODY_SIZE_LIMIT: an error whose status is 413. */
function isBodySizeLimit(error: unknown): boolean {
	return error instanceof Error && 'status' in error && error.status === 413;
}

/**
 * The upload's bytes. Under adapter-node (`req`, its Node request) the web Request's body stops at
 * BODY_SIZE_LIMIT (512 KiB by default), which is meant for forms, not exports:
 * - a body announced larger (Content-Length) is refused before anything reads it, and `req` is
 *   still untouched: it is read instead;
 * - a body without a length (chunked) or within the limit is read through the web body, which
 *   takes every chunk `req` gives until the limit; past it, the web body fails with a 413 and
 *   drops that chunk and the rest, which are then taken from `req` directly, in order. So a
 *   chunked upload goes as far as one with a length (the import's own cap then applies).
 * Without `req` (`vite dev`, tests) it is the web body.
 */
export function uploadBody(request: Request, req?: IncomingMessage): Readable | null {
	const body = request.body;
	if (req !== undefined && req.listenerCount('data') === 0 && !req.readableEnded) return req;
	if (body === null) return null;
	const web = body as WebReadableStream<Uint8Array>;
	return req === undefined ? Readable.fromWeb(web) : spliced(web, req);
}

/** The web body up to the limit, then `req` itself (see uploadBody). */
function spliced(web: WebReadableStream<Uint8Array>, req: IncomingMessage): Readable {
	// Chunks `req` handed to the web body that have not come out of it yet: past the limit, the
	// ones the web body dropped. Kept small: the web body pauses `req` while its queue is full.
	const pending: Buffer[] = [];
	let direct = false;
	const reader = web.getReader();
	let reading = false;

	const out = new Readable({
		read() {
			if (direct) req.resume();
			else void pump();
		},
		destroy(error, done) {
			req.off('data', onData);
			void reader.cancel().catch(() => undefined);
			done(error);
		}
	});

	function onData(chunk: Buffer): void {
		if (!direct) {
			pending.push(chunk);
			return;
		}
		if (!out.push(chunk)) req.pause();
	}
	// First in line, so it sees each chunk before the web body takes (or drops) it.
	req.prependListener('data', onData);
	req.once('end', () => {
		if (direct) out.push(null);
	});
	req.once('error', (error) => out.destroy(error));

	async function pump(): Promise<void> {
		if (reading) return;
		reading = true;
		try {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) {
					out.push(null);
					return;
				}
				// The web body hands on the very chunk `req` gave; earlier ones came before we listened.
				if (pending[0] === value) pending.shift();
				if (!out.push(value)) return;
			}
		} catch (error) {
			if (!isBodySizeLimit(error)) {
				out.destroy(error instanceof Error ? error : new Error(String(error)));
				return;
			}
			direct = true;
			for (const chunk of pending.splice(0)) out.push(chunk);
			if (req.readableEnded) out.push(null);
			else req.resume();
		} finally {
			reading = false;
		}
	}
	return out;
}
