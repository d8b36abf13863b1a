// Helpers the reference API's tests share: calling handle() and signing in through the OAuth pages.
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../oauth';

export const ORIGIN = 'http://127.0.0.1:8787';
export const REDIRECT_URI = 'http://127.0.0.1:5173/auth/callback';

export interface Handles {
	handle(request: Request): Promise<Response | null>;
}

export interface CallOptions {
	token?: string | null;
	form?: Record<string, string>;
	multipart?: FormData;
	headers?: Record<string, string>;
}

/** Calls the API in process; a null answer (not one of its paths) fails the call. */
export async function call(
	api: Handles,
	method: string,
	path: string,
	options: CallOptions = {}
): Promise<Response> {
	const headers = new Headers(options.headers);
	if (options.token !== undefined && options.token !== null)
		headers.set('authorization', `Bearer ${options.token}`);
	let body: string | FormData | undefined;
	if (options.form !== undefined) {
		headers.set('content-type', 'application/x-www-form-urlencoded');
		body = new URLSearchParams(options.form).toString();
	} else if (options.multipart !== undefined) {
		body = options.multipart;
	}
	const response = await api.handle(new Request(`${ORIGIN}${path}`, { method, headers, body }));
	if (response === null) throw new Error(`not a reference API path: ${path}`);
	return response;
}

/** Walks the consent page for the demo client and returns the redirect's `code`. */
export async function authorize(
	api: Handles,
	scopes: string[],
	client: { id: string; redirectUri: string } = { id: DEMO_CLIENT_ID, redirectUri: REDIRECT_URI }
): Promise<string> {
	const query = new URLSearchParams({
		response_type: 'code',
		client_id: client.id,
		scope: scopes.join(' '),
		redirect_uri: client.redirectUri,
		state: 'st4te'
	});
	const page = await call(api, 'GET', `/auth/oauth2/auth?${query.toString()}`);
	const html = await page.text();
	const consent = /name="consent" value="([^"]+)"/.exec(html)?.[1];
	if (consent === undefined) throw new Error(`no consent form (status ${page.status})`);
	const decision = await call(api, 'POST', '/auth/oauth2/auth', {
		form: { consent, decision: 'allow' }
	});
	const location = new URL(decision.headers.get('location') ?? '');
	const code = location.searchParams.get('code');
	if (code === null) throw new Error('no code in the redirect');
	return code;
}

export interface TokenResponse {
	access_token: string;
	refresh_token: string;
	expires_in: number;
	token_type: string;
}

function isTokenResponse(value: unknown): value is TokenResponse {
	return (
		typeof value === 'object' &&
		value !== null &&
		'access_token' in value &&
		'refresh_token' in value
	);
}

export async function exchange(
	api: Handles,
	params: Record<string, string>,
	method = 'POST'
): Promise<Response> {
	const all = { client_id: DEMO_CLIENT_ID, client_secret: DEMO_CLIENT_SECRET, ...params };
	if (method === 'GET')
		return call(api, 'GET', `/auth/oauth2/token?${new URLSearchParams(all).toString()}`);
	return call(api, 'POST', '/auth/oauth2/token', { form: all });
}

export async function tokensFor(api: Handles, scopes: string[]): Promise<TokenResponse> {
	const code = await authorize(api, scopes);
	const response = await exchange(api, { grant_type: 'authorization_code', code });
	const body: unknown = await response.json();
	if (!isTokenResponse(body)) throw new Error(`token exchange failed: ${JSON.stringify(body)}`);
	return body;
}

/** The parsed JSON body of a response, as a plain record for assertions. */
export async function jsonOf(
	response: Response
): Promise<{ meta: Record<string, unknown>; data: Record<string, unknown> }> {
	const body: unknown = await response.json();
	if (typeof body !== 'object' || body === null || !('meta' in body) || !('data' in body)) {
		throw new Error(`not an envelope: ${JSON.stringify(body)}`);
	}
	const { meta, data } = body;
	if (!isObject(meta) || !isObject(data)) throw new Error('meta or data is not an object');
	return { meta, data };
}

export function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function itemsOf(data: Record<string, unknown>): Record<string, unknown>[] {
	const items = data.items;
	if (!Array.isArray(items)) throw new Error('no items');
	return items.filter(isObject);
}
