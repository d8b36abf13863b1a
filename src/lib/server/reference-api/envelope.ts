// Builds the API's `{meta, data}` responses, success and failure alike, and the failure type handlers throw.
import type { HttpMethod } from '$lib/api/endpoints';

/** What a failure is, in the project's error table (README.md). */
export type ErrorType =
	| 'invalid_input'
	| 'missing_token'
	| 'invalid_token'
	| 'expired_token'
	| 'insufficient_scope'
	| 'not_creator'
	| 'not_found'
	| 'method_not_allowed'
	| 'payload_too_large'
	| 'too_many_requests'
	| 'internal_error'
	| 'unavailable'
	| 'store_busy';

/** A failure a handler throws; the router turns it into an envelope with the matching status. */
export class ApiFailure extends Error {
	constructor(
		readonly status: number,
		readonly errorType: ErrorType,
		readonly detail: string,
		readonly headers: Record<string, string> = {}
	) {
		super(detail);
	}
}

export const invalid = (field: string, reason: string): ApiFailure =>
	new ApiFailure(400, 'invalid_input', `${field} ${reason}`);

export const notFound = (what: string): ApiFailure => new ApiFailure(404, 'not_found', what);

export const methodNotAllowed = (allowed: readonly HttpMethod[]): ApiFailure =>
	new ApiFailure(405, 'method_not_allowed', `This path accepts only ${allowed.join(', ')}.`, {
		allow: allowed.join(', ')
	});

const STATUS_MESSAGES: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	405: 'Method Not Allowed',
	413: 'Payload Too Large',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	503: 'Service Unavailable'
};

const JSON_HEADERS = {
	'content-type': 'application/json; charset=utf-8',
	'cache-control': 'no-store'
};

export interface Meta {
	user_xid: string;
	message: string;
	code: number;
	time: number;
	error_type?: string;
	error_detail?: string;
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
	return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** A success: `meta.code` is 200 except where the specification shows 201 (mood creation). */
export function success(
	userXid: string,
	nowSec: number,
	data: unknown,
	options: { status?: number; code?: number; message?: string } = {}
): Response {
	const meta: Meta = {
		user_xid: userXid,
		message: options.message ?? 'OK',
		code: options.code ?? 200,
		time: nowSec
	};
	return jsonResponse(options.status ?? 200, { meta, data });
}

/** A failure: `meta.code` equals the HTTP status, with `error_type` and `error_detail`. */
export function failure(userXid: string, nowSec: number, failed: ApiFailure): Response {
	const meta: Meta = {
		user_xid: userXid,
		message: STATUS_MESSAGES[failed.status] ?? 'Error',
		code: failed.status,
		time: nowSec,
		error_type: failed.errorType,
		error_detail: failed.detail
	};
	return jsonResponse(failed.status, { meta, data: {} }, failed.headers);
}
