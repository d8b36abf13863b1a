import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createSealer, deriveCookieKey } from './sealed-cookie';

const schema = z.object({ at: z.string() });
const SECRET = 'a-session-secret-that-is-long-enough-123';

describe('sealed cookies', () => {
	it('round-trips a value and hides its content', () => {
		const sealer = createSealer(deriveCookieKey(SECRET));
		const sealed = sealer.seal({ at: 'token-value-abc' }, 'wellness-session');
		expect(sealed).not.toContain('token-value-abc');
		expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain(
			'token-value'
		);
		expect(sealer.open(sealed, 'wellness-session', schema)).toEqual({ at: 'token-value-abc' });
	});

	it('uses a fresh IV, so the same value seals differently each time', () => {
		const sealer = createSealer(deriveCookieKey(SECRET));
		expect(sealer.seal({ at: 'x' }, 'p')).not.toBe(sealer.seal({ at: 'x' }, 'p'));
	});

	it('rejects a tampered value, another purpose, another key and malformed text', () => {
		const sealer = createSealer(deriveCookieKey(SECRET));
		const sealed = sealer.seal({ at: 'x' }, 'wellness-session');
		const last = sealed.at(-2) === 'A' ? 'B' : 'A';
		const tampered = `${sealed.slice(0, -2)}${last}${sealed.slice(-1)}`;
		expect(sealer.open(tampered, 'wellness-session', schema)).toBeNull();
		expect(sealer.open(sealed, 'wellness-oauth', schema)).toBeNull();
		const other = createSealer(deriveCookieKey(`${SECRET}-other`));
		expect(other.open(sealed, 'wellness-session', schema)).toBeNull();
		for (const bad of ['', 'v1.', 'v2.abc', 'v1.abc.def', 'garbage']) {
			expect(sealer.open(bad, 'wellness-session', schema)).toBeNull();
		}
	});

	it('rejects a value that decrypts but does not match the schema', () => {
		const sealer = createSealer(deriveCookieKey(SECRET));
		expect(sealer.open(sealer.seal({ other: 1 }, 'p'), 'p', schema)).toBeNull();
	});

	it('derives the same key from the same secret and a random one without a secret', () => {
		expect(deriveCookieKey(SECRET).equals(deriveCookieKey(SECRET))).toBe(true);
		expect(deriveCookieKey(null).equals(deriveCookieKey(null))).toBe(false);
		expect(deriveCookieKey(SECRET).toString('utf8')).not.toContain(SECRET);
	});
});
