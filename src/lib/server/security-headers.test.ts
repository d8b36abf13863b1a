import { describe, expect, it } from 'vitest';
import { addScriptNonce, applyHeaders, baseSecurityHeaders, pageCsp } from './security-headers';

describe('security headers', () => {
	it('builds a page CSP with the nonce, no inline script without it, and no framing', () => {
		const csp = pageCsp('abc123', ['https://api.example.com']);
		expect(csp).toContain("script-src 'self' 'nonce-abc123'");
		expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
		expect(csp).not.toContain('unsafe-eval');
		expect(csp).toContain("frame-ancestors 'none'");
		expect(csp).toContain("form-action 'self' https://api.example.com");
	});

	it('adds the nonce to each script tag that lacks one', () => {
		const html =
			'<script type="module" src="/a.js"></script><script>boot()</script><script nonce="x">y</script><scripts>';
		expect(addScriptNonce(html, 'N')).toBe(
			'<script nonce="N" type="module" src="/a.js"></script><script nonce="N">boot()</script><script nonce="x">y</script><scripts>'
		);
	});

	it('sends HSTS only under https', () => {
		expect(baseSecurityHeaders(true)['strict-transport-security']).toBeDefined();
		expect(baseSecurityHeaders(false)['strict-transport-security']).toBeUndefined();
		expect(baseSecurityHeaders(false)['x-content-type-options']).toBe('nosniff');
	});

	it('keeps a header the response already set and copies immutable responses', async () => {
		const own = new Response('x', { headers: { 'content-security-policy': "default-src 'none'" } });
		const result = applyHeaders(own, {
			'content-security-policy': 'other',
			'x-frame-options': 'DENY'
		});
		expect(result.headers.get('content-security-policy')).toBe("default-src 'none'");
		expect(result.headers.get('x-frame-options')).toBe('DENY');
		const immutable = Response.redirect('http://127.0.0.1/x', 302);
		const copied = applyHeaders(immutable, { 'x-frame-options': 'DENY' });
		expect(copied.headers.get('x-frame-options')).toBe('DENY');
		expect(copied.status).toBe(302);
		expect(await result.text()).toBe('x');
	});
});
