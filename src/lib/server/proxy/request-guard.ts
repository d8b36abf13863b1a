// Decides whether a browser request may go upstream: allow-listed path, method, query and body, or a clear 4xx.

import {
	checkControl,
	expandPath,
	hasControl,
	matchEndpoint,
	validateParams,
	type ApiVersion,
	type EndpointSpec,
	type HttpMethod
} from '$lib/api/endpoints';
import { apiErrorResponse, type ProxyErrorType } from '../api-error';

export interface GuardLimits {
	/** Largest url-encoded form body accepted, in bytes. */
	maxFormBytes: number;
	/** Largest multipart body (a meal photo) accepted, in bytes. */
	maxMultipartBytes: number;
	/** Longest path after the proxy prefix. */
	maxPathLength: number;
}

export const DEFAULT_GUARD_LIMITS: GuardLimits = {
	maxFormBytes: 64 * 1024,
	maxMultipartBytes: 8 * 1024 * 1024,
	maxPathLength: 512
};

/** A body rebuilt from validated fields only; nothing the browser sent is forwarded verbatim. */
export type UpstreamBody =
	{ kind: 'form'; fields: URLSearchParams } | { kind: 'multipart'; fields: FormData };

/** Everything needed to call upstream, made only of validated pieces. */
export interface UpstreamCall {
	endpoint: EndpointSpec;
	version: ApiVersion;
	method: HttpMethod;
	/** Path under the base URL, e.g. '/nudge/api/v.1.1/moves/abc/ticks'. */
	path: string;
	query: URLSearchParams;
	body: UpstreamBody | null;
}

export type GuardResult = { ok: true; call: UpstreamCall } | { ok: false; response: Response };

function refuse(
	status: number,
	type: ProxyErrorType,
	detail: string,
	headers?: Record<string, string>
): GuardResult {
	return { ok: false, response: apiErrorResponse(status, type, detail, { headers }) };
}

// Checked on the still-encoded path: these never name a record, so they are refused by name.
const pathRules: readonly { test: RegExp; detail: string }[] = [
	{ test: /%(2f|5c)/i, detail: 'Encoded path separators are not accepted.' },
	{ test: /%00/i, detail: 'NUL characters are not accepted in a path.' },
	{ test: /%0d|%0a|[\r\n]/i, detail: 'Line breaks are not accepted in a path.' },
	{ test: /%2e/i, detail: 'Encoded dots are not accepted in a path.' },
	{ test: /%/, detail: 'Percent-encoded characters are not accepted in an API path.' },
	{ test: /\\/, detail: 'Backslashes are not accepted in a path.' },
	{ test: /\s/, detail: 'Spaces and line breaks are not accepted in a path.' }
];

/** Why a raw path (after the proxy prefix) is refused before any lookup, or null when it may be looked up. */
export function pathProblem(rawPath: string, maxLength: number): string | null {
	if (rawPath.length > maxLength) return `The path is longer than ${maxLength} characters.`;
	if (hasControl(rawPath, false)) return 'Control characters are not accepted in a path.';
	for (const rule of pathRules) if (rule.test.test(rawPath)) return rule.detail;
	if (rawPath.startsWith('/')) return 'Absolute or protocol-relative URLs are not accepted.';
	const segments = rawPath.replace(/\/$/, '').split('/');
	for (const segment of segments) {
		if (segment === '.' || segment === '..') return 'Path traversal segments are not accepted.';
		if (segment.includes(':')) return 'Absolute URLs are not accepted in a path.';
		if (segment.includes('@') && segment !== '@me') {
			return 'Only "@me" may contain "@"; other hosts or users are not accepted.';
		}
		if (segment === '') return 'Empty path segments are not accepted.';
	}
	return null;
}

type BodyRead = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; tooLarge: boolean };

/** Reads a request body, stopping as soon as it exceeds the cap (Content-Length may lie or be absent). */
async function readBody(request: Request, cap: number): Promise<BodyRead> {
	const declared = request.headers.get('content-length');
	if (declared !== null && /^\d+$/.test(declared) && Number(declared) > cap) {
		return { ok: false, tooLarge: true };
	}
	if (request.body === null) return { ok: true, bytes: new Uint8Array() };
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let total = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			total += value.byteLength;
			if (total > cap) {
				await reader.cancel();
				return { ok: false, tooLarge: true };
			}
			chunks.push(value);
		}
	} catch {
		return { ok: false, tooLarge: false };
	}
	const bytes = new Uint8Array(total);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return { ok: true, bytes };
}

function mediaType(request: Request): string {
	return (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

async function guardBody(
	request: Request,
	endpoint: EndpointSpec,
	limits: GuardLimits
): Promise<{ ok: true; body: UpstreamBody | null } | { ok: false; result: GuardResult }> {
	const spec = endpoint.body;
	if (spec === undefined || spec.encoding === 'query') {
		const read = await readBody(request, 0);
		if (!read.ok) {
			return {
				ok: false,
				result: refuse(
					413,
					'payload_too_large',
					spec === undefined
						? 'This call takes no request body.'
						: 'This call takes its fields in the query string, not in a body.'
				)
			};
		}
		return { ok: true, body: null };
	}
	const type = mediaType(request);
	const acceptsForm = spec.encoding === 'form' || spec.encoding === 'form-or-multipart';
	const acceptsMultipart = spec.encoding === 'multipart' || spec.encoding === 'form-or-multipart';
	const accepted = [acceptsForm ? FORM : null, acceptsMultipart ? MULTIPART : null].filter(
		(value) => value !== null
	);
	if (!((type === FORM && acceptsForm) || (type === MULTIPART && acceptsMultipart))) {
		return {
			ok: false,
			result: refuse(415, 'unsupported_media_type', `This call accepts ${accepted.join(' or ')}.`)
		};
	}
	const cap = type === FORM ? limits.maxFormBytes : limits.maxMultipartBytes;
	const read = await readBody(request, cap);
	if (!read.ok) {
		return {
			ok: false,
			result: read.tooLarge
				? refuse(413, 'payload_too_large', `The request body is larger than ${cap} bytes.`)
				: refuse(400, 'invalid_parameter', 'The request body could not be read.')
		};
	}

	if (type === FORM) {
		let text: string;
		try {
			text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
		} catch {
			return { ok: false, result: refuse(400, 'invalid_parameter', 'The form body is not UTF-8.') };
		}
		const fields = new URLSearchParams(text);
		const bad = checkControl(fields, true);
		if (bad !== null) {
			return {
				ok: false,
				result: refuse(400, 'invalid_parameter', `Field "${bad}" contains control characters.`)
			};
		}
		const checked = validateParams(spec.params, fields);
		if (!checked.ok) {
			return {
				ok: false,
				result: refuse(400, 'invalid_parameter', `Field "${checked.field}" ${checked.reason}.`)
			};
		}
		return { ok: true, body: { kind: 'form', fields: new URLSearchParams(checked.values) } };
	}

	let parsed: FormData;
	try {
		parsed = await new Response(read.bytes, {
			headers: { 'content-type': request.headers.get('content-type') ?? MULTIPART }
		}).formData();
	} catch {
		return {
			ok: false,
			result: refuse(400, 'invalid_parameter', 'The multipart body is malformed.')
		};
	}
	// Files are validated by their name (the catalogue's rule) and forwarded as they are.
	const fields = new Map<string, string>();
	const files = new Map<string, File>();
	for (const [name, value] of parsed) {
		if (fields.has(name)) {
			return {
				ok: false,
				result: refuse(400, 'invalid_parameter', `Field "${name}" is given more than once.`)
			};
		}
		if (typeof value === 'string') {
			fields.set(name, value);
		} else {
			fields.set(name, value.name);
			files.set(name, value);
		}
	}
	const bad = checkControl(fields, true);
	if (bad !== null) {
		return {
			ok: false,
			result: refuse(400, 'invalid_parameter', `Field "${bad}" contains control characters.`)
		};
	}
	const checked = validateParams(spec.params, fields);
	if (!checked.ok) {
		return {
			ok: false,
			result: refuse(400, 'invalid_parameter', `Field "${checked.field}" ${checked.reason}.`)
		};
	}
	const rebuilt = new FormData();
	for (const [name, value] of Object.entries(checked.values)) {
		const file = files.get(name);
		if (file === undefined) rebuilt.append(name, value);
		else rebuilt.append(name, file, file.name);
	}
	return { ok: true, body: { kind: 'multipart', fields: rebuilt } };
}

/**
 * Checks a browser request against the endpoint catalogue. `rawPath` is the still percent-encoded
 * part after `/api/nudge/`; `search` the query string. Nothing goes upstream unless this says ok.
 */
export async function guardProxyRequest(
	request: Request,
	rawPath: string,
	search: URLSearchParams,
	limits: GuardLimits = DEFAULT_GUARD_LIMITS
): Promise<GuardResult> {
	const problem = pathProblem(rawPath, limits.maxPathLength);
	if (problem !== null) return refuse(400, 'invalid_path', problem);

	const match = matchEndpoint(request.method, rawPath);
	if ('error' in match) {
		if (match.error === 'method_not_allowed') {
			const allow = (match.allowed ?? []).join(', ');
			return refuse(405, 'method_not_allowed', `This path accepts ${allow}.`, { allow });
		}
		return refuse(404, 'not_found', 'No API endpoint has this path.');
	}
	const { endpoint, version, pathParams } = match;

	const badQuery = checkControl(search, false);
	if (badQuery !== null) {
		return refuse(400, 'invalid_parameter', `Parameter "${badQuery}" contains control characters.`);
	}
	const queryParams =
		endpoint.body?.encoding === 'query'
			? [...endpoint.query, ...endpoint.body.params]
			: endpoint.query;
	const checkedQuery = validateParams(queryParams, search);
	if (!checkedQuery.ok) {
		return refuse(
			400,
			'invalid_parameter',
			`Parameter "${checkedQuery.field}" ${checkedQuery.reason}.`
		);
	}

	const body = await guardBody(request, endpoint, limits);
	if (!body.ok) return body.result;

	return {
		ok: true,
		call: {
			endpoint,
			version,
			method: endpoint.method,
			path: `/nudge/api/${version}${expandPath(endpoint.path, pathParams.xid)}`,
			query: new URLSearchParams(checkedQuery.values),
			body: body.body
		}
	};
}
