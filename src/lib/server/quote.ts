// Quotes what a client sent back to it in an error message, cut short: an answer never echoes a large value.

/** The most characters of a sent value an error message repeats. */
export const MAX_QUOTED_CHARS = 80;
/** The longest error message built around text from a file or a request. */
export const MAX_MESSAGE_CHARS = 400;

const ELLIPSIS = '…';
/** A run of more than MAX_QUOTED_CHARS characters without a space or a quote. */
const LONG_WORD = new RegExp(`[^\\s"]{${MAX_QUOTED_CHARS + 1},}`, 'g');

/** At most `max` characters (code points, so a pair is never split) of `text`, then `…` if cut. */
export function clip(text: string, max = MAX_QUOTED_CHARS): string {
	if (text.length <= max) return text;
	let count = 0;
	let end = 0;
	// Walks no further than `max` characters, whatever the length of the text.
	for (const character of text) {
		if (count === max) return `${text.slice(0, end)}${ELLIPSIS}`;
		count += 1;
		end += character.length;
	}
	return text;
}

/**
 * A value in double quotes, at most MAX_QUOTED_CHARS of it, with control characters, quotes and
 * backslashes escaped as in JSON: `"abc"`, `"aaaa…"`.
 */
export function quoted(value: string): string {
	return JSON.stringify(clip(value));
}

/**
 * Cuts down a message that may carry values from a file or a request (an importer's error): each
 * double-quoted part and each run without spaces to MAX_QUOTED_CHARS, and the whole to
 * MAX_MESSAGE_CHARS. Every step is one linear pass, whatever the message's length.
 */
export function clipMessage(message: string): string {
	const quotedParts = message.replace(/"([^"]*)"/g, (_, inner: string) => `"${clip(inner)}"`);
	const words = quotedParts.replace(LONG_WORD, (word) => clip(word));
	return clip(words, MAX_MESSAGE_CHARS);
}
