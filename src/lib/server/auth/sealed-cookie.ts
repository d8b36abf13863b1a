// Seals small JSON values into cookie-safe strings with AES-256-GCM, so tokens rest only encrypted in the browser.

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type * as z from 'zod/mini';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Derives the 256-bit cookie key; the secret itself is never used as a key directly. */
export function deriveCookieKey(secret: string | null): Buffer {
	return deriveSessionKeys(secret).cookie;
}

/**
 * The keys made from NUDGE_SESSION_SECRET: one seals the cookies, one the tokens in the session
 * store. Without a configured secret both come from a random key for this process, so sessions
 * end when it stops.
 */
export function deriveSessionKeys(secret: string | null): { cookie: Buffer; sessions: Buffer } {
	const material = secret === null ? randomBytes(32) : Buffer.from(secret, 'utf8');
	const key = (info: string) =>
		Buffer.from(hkdfSync('sha256', material, 'wellness-dashboard', info, 32));
	return { cookie: key('session-cookie v1'), sessions: key('session-store v1') };
}

export interface Sealer {
	/** Encrypts a value; `purpose` (e.g. the cookie name) is bound in, so values cannot be swapped. */
	seal(value: unknown, purpose: string): string;
	/** Decrypts and validates; null when tampered with, sealed for another purpose, or malformed. */
	open<T>(sealed: string, purpose: string, schema: z.ZodMiniType<T>): T | null;
}

export function createSealer(key: Buffer): Sealer {
	if (key.length !== 32) throw new Error('cookie key must be 32 bytes');
	return {
		seal(value, purpose) {
			const iv = randomBytes(IV_BYTES);
			const cipher = createCipheriv('aes-256-gcm', key, iv);
			cipher.setAAD(Buffer.from(`${VERSION}:${purpose}`));
			const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
			const payload = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
			return `${VERSION}.${payload}`;
		},
		open(sealed, purpose, schema) {
			const [version, payload, extra] = sealed.split('.');
			if (version !== VERSION || payload === undefined || extra !== undefined) return null;
			const bytes = Buffer.from(payload, 'base64url');
			if (bytes.length < IV_BYTES + TAG_BYTES + 1) return null;
			try {
				const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
				decipher.setAAD(Buffer.from(`${VERSION}:${purpose}`));
				decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
				const text = Buffer.concat([
					decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
					decipher.final()
				]).toString('utf8');
				const parsed = schema.safeParse(JSON.parse(text));
				return parsed.success ? parsed.data : null;
			} catch {
				return null;
			}
		}
	};
}
