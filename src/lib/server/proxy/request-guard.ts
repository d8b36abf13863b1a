// Decides whether a browser request may go upstream: allow-listed path, method, query and body, or a clear 4xx.

import {
	isBrowserCallable,
	type ApiVersion,
	type EndpointSpec,
	type HttpMethod,
	type ParamSpec
} from '$lib/api/endpoints';
import { checkControl, hasControl, validateParams } from '$lib/api/endpoint-params';
import { expandPath, matchEndpoint } from '$lib/api/endpoint-paths';
import { apiErrorResponse, type ProxyErrorType } from '../api-error';
import { quoted } from '../quote';

export interface GuardLimits {
	/** Largest url-encoded form body accepted, in bytes. */
	maxFormBytes: number;
	/** Largest multipart body (a meal photo) accepted, in bytes. */
	maxMultipartBytes: number;
	/** Largest meal photo accepted, in bytes. */
	maxPhotoBytes: number;
	/** Longest path after the proxy prefix. */
	maxPathLength: number;
}

export const DEFAULT_GUARD_LIMITS: GuardLimits = {
	maxFormBytes: 64 * 1024,
	maxMultipartBytes: 8 * 1024 * 1024,
	maxPhotoBytes: 5 * 1024 * 1024,
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

const PHOTO = 'photo';

/** The image types a meal photo may have, known by their first bytes, not by what the part says. */
const IMAGE_SIGNATURES: readonly { type: string; magic: readonly number[] }[] = [
	{ type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
	{ type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }
];

/**
 * A photo part as it may go upstream: at most `cap` bytes, a JPEG or PNG by its bytes, rebuilt
 * with that type and its (already validated) name, so no header the browser wrote travels on.
 */
async function checkPhoto(
	photo: File,
	cap: number
): Promise<{ ok: true; file: File } | { ok: false; result: GuardResult }> {
	if (photo.size > cap) {
		return {
			ok: false,
			result: refuse(413, 'payload_too_large', `Field "photo" is larger than ${cap} bytes.`)
		};
	}
	const bytes = new Uint8Array(await photo.arrayBuffer());
	const kind = IMAGE_SIGNATURES.find(({ magic }) =>
		magic.every((byte, index) => bytes[index] === byte)
	);
	if (kind === undefined) {
		return {
			ok: false,
			result: refuse(400, 'invalid_parameter', 'Field "photo" must be a JPEG or PNG image.')
		};
	}
	return { ok: true, file: new File([bytes], photo.name, { type: kind.type }) };
}

/** A body's text fields, form or multipart alike: no control characters, each by its rule. */
function checkFields(
	params: readonly ParamSpec[],
	fields: URLSearchParams | Map<string, string>
): { ok: true; values: Record<string, string> } | { ok: false; result: GuardResult } {
	const bad = checkControl(fields, true);
	if (bad !== null) {
		return {
			ok: false,
			result: refuse(400, 'invalid_parameter', `Field ${quoted(bad)} contains control characters.`)
		};
	}
	const checked = validateParams(params, fields);
	if (!checked.ok) {
		return {
			ok: false,
			result: refuse(400, 'invalid_parameter', `Field ${quoted(checked.field)} ${checked.reason}.`)
		};
	}
	return { ok: true, values: checked.values };
}

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
		const checked = checkFields(spec.params, new URLSearchParams(text));
		if (!checked.ok) return checked;
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
	// Only `photo` may be a file; every other part is a text field checked like its form twin.
	const fields = new Map<string, string>();
	let photo: File | null = null;
	for (const [name, value] of parsed) {
		if (fields.has(name)) {
			return {
				ok: false,
				result: refuse(400, 'invalid_parameter', `Field ${quoted(name)} is given more than once.`)
			};
		}
		if (typeof value === 'string') {
			fields.set(name, value);
		} else if (name === PHOTO && spec.params.some((param) => param.name === PHOTO)) {
			// The file name stands in for the field, validated by the catalogue's rule for it.
			fields.set(name, value.name);
			photo = value;
		} else {
			return {
				ok: false,
				result: refuse(
					400,
					'invalid_parameter',
					`Field ${hasControl(name, false) ? '"(unprintable name)"' : quoted(name)} must be a text field, not a file.`
				)
			};
		}
	}
	const checked = checkFields(spec.params, fields);
	if (!checked.ok) return checked;
	let photoPart: File | null = null;
	if (photo !== null) {
		const checkedPhoto = await checkPhoto(photo, limits.maxPhotoBytes);
		if (!checkedPhoto.ok) return { ok: false, result: checkedPhoto.result };
		photoPart = checkedPhoto.file;
	}
	const rebuilt = new FormData();
	for (const [name, value] of Object.entries(checked.values)) {
		if (name === PHOTO && photoPart !== null) rebuilt.append(name, photoPart, photoPart.name);
		else rebuilt.append(name, value);
	}
	return { ok: true, body: { kind: 'multipart', fields: rebuilt } };
}

/**
 * Checks a browser request against the endpoint catalogue. `rawPath` is the still percent-encoded
 * part after `/api/nudge/`; `search` the query string. Nothing goes upstream unless this says ok.
 * `accepts` names the endpoints that exist for the browser: the calls the dashboard's pages make
 * (catalogue entries marked `browser`); tests of the body rules pass a wider one.
 */
export async function guardProxyRequest(
	request: Request,
	rawPath: string,
	search: URLSearchParams,
	limits: GuardLimits = DEFAULT_GUARD_LIMITS,
	accepts: (endpoint: EndpointSpec) => boolean = isBrowserCallable
): Promise<GuardResult> {
	const problem = pathProblem(rawPath, limits.maxPathLength);
	if (problem !== null) return refuse(400, 'invalid_path', problem);

	// Only the calls the dashboard's pages make exist here: a token, membership or write route
	// is as unknown to the proxy as a misspelt one (partner apps call the API itself for those).
	const match = matchEndpoint(request.method, rawPath, accepts);
	if ('error' in match) {
		if (match.error === 'method_not_allowed') {
			const allow = (match.allowed ?? []).join(', ');
			return refuse(405, 'method_not_allowed', `This path accepts ${allow}.`, { allow });
		}
		return refuse(404, 'not_found', 'The dashboard makes no API call with this path.');
	}
	const { endpoint, version, pathParams } = match;

	const badQuery = checkControl(search, false);
	if (badQuery !== null) {
		return refuse(
			400,
			'invalid_parameter',
			`Parameter ${quoted(badQuery)} contains control characters.`
		);
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
			`Parameter ${quoted(checkedQuery.field)} ${checkedQuery.reason}.`
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
