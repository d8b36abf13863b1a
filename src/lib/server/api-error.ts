// Builds failure responses in the Wellness API's own envelope, so the browser handles one error shape.

/** Machine-readable reasons this server adds to the API's own (`meta.error_type`). */
export type ProxyErrorType =
	| 'invalid_path'
	| 'not_found'
	| 'method_not_allowed'
	| 'invalid_parameter'
	| 'unsupported_media_type'
	| 'payload_too_large'
	| 'cross_site_request'
	| 'sign_in_required'
	| 'insufficient_scope'
	| 'upstream_redirect'
	| 'upstream_timeout'
	| 'upstream_unreachable'
	| 'upstream_unavailable'
	| 'upstream_busy'
	| 'bad_upstream_response'
	| 'not_configured'
	| 'import_busy'
	| 'upload_stalled'
	| 'upload_aborted'
	| 'insufficient_storage'
	| 'store_unavailable'
	| 'invalid_import'
	| 'internal_error';

const reasons: Readonly<Record<number, string>> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	405: 'Method Not Allowed',
	408: 'Request Timeout',
	409: 'Conflict',
	413: 'Payload Too Large',
	415: 'Unsupported Media Type',
	422: 'Unprocessable Entity',
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
	507: 'Insufficient Storage'
};

/** The JSON body of a failure: `meta.code` equals the HTTP status (docs/api-choices.md, Errors). */
export function errorEnvelope(
	status: number,
	type: ProxyErrorType,
	detail: string,
	nowSec: number
) {
	return {
		meta: {
			code: status,
			message: reasons[status] ?? 'Error',
			error_type: type,
			error_detail: detail,
			time: nowSec
		},
		data: {}
	};
}

/** A failure response; `detail` is a sentence for people and must never contain a secret. */
export function apiErrorResponse(
	status: number,
	type: ProxyErrorType,
	detail: string,
	options: { headers?: Record<string, string>; now?: () => number } = {}
): Response {
	const nowSec = Math.floor((options.now ?? Date.now)() / 1000);
	return new Response(JSON.stringify(errorEnvelope(status, type, detail, nowSec)), {
		status,
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'cache-control': 'no-store',
			...options.headers
		}
	});
}
