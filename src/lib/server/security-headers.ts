// Security headers for every response: a nonce-based CSP for the SPA shell, and strict defaults elsewhere.

import { randomBytes } from 'node:crypto';

/** A fresh nonce for the inline bootstrap script SvelteKit writes into the page. */
export function newNonce(): string {
	return randomBytes(18).toString('base64');
}

/**
 * CSP of an HTML page of the app. Scripts only from us or carrying the nonce; styles allow inline
 * because Svelte transitions and chart `style` attributes write them; images allow data:/blob:
 * for chart export; `formAction` adds the upstream's origin so a sign-in form may post there.
 */
export function pageCsp(nonce: string, formActionOrigins: readonly string[] = []): string {
	return [
		"default-src 'self'",
		`script-src 'self' 'nonce-${nonce}'`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self' data:",
		"connect-src 'self'",
		"worker-src 'self' blob:",
		"object-src 'none'",
		"base-uri 'none'",
		`form-action 'self'${formActionOrigins.map((origin) => ` ${origin}`).join('')}`,
		"frame-ancestors 'none'"
	].join('; ');
}

/** CSP of a non-HTML response (JSON, images): nothing may run, nothing may frame it. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Headers every response carries; set only when the response has not set its own. */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
	return {
		'x-content-type-options': 'nosniff',
		'referrer-policy': 'same-origin',
		'x-frame-options': 'DENY',
		'cross-origin-opener-policy': 'same-origin',
		'cross-origin-resource-policy': 'same-origin',
		'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
		...(https ? { 'strict-transport-security': 'max-age=31536000' } : {})
	};
}

/** Adds the nonce to every inline or external script tag of the page shell that lacks one. */
export function addScriptNonce(html: string, nonce: string): string {
	return html.replace(/<script(?![^>]*\snonce=)(?=[\s>])/g, `<script nonce="${nonce}"`);
}

/** Sets each header unless the response already has it (the reference API sets its own CSP). */
export function applyHeaders(response: Response, headers: Record<string, string>): Response {
	try {
		for (const [name, value] of Object.entries(headers)) {
			if (!response.headers.has(name)) response.headers.set(name, value);
		}
		return response;
	} catch {
		// Headers of a fetched response are immutable: copy it once.
		const copy = new Response(response.body, response);
		for (const [name, value] of Object.entries(headers)) {
			if (!copy.headers.has(name)) copy.headers.set(name, value);
		}
		return copy;
	}
}
