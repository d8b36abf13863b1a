// The one error type the client throws: HTTP failures, an unreachable upstream, payloads that fail validation.

/** Error types the client itself assigns; anything else is the upstream's `meta.error_type`. */
export const CLIENT_ERROR_TYPES = {
	/** No response at all: offline, DNS, connection refused. */
	network: 'network',
	/** A response whose body is not the API's JSON envelope. */
	badResponse: 'bad_response',
	/** A well-formed envelope whose data fails the schema. */
	invalidPayload: 'invalid_payload'
} as const;

// Scope names in an error sentence ("This call needs the sleep_read scope").
const SCOPE_PATTERN = /\b([a-z]+(?:_[a-z]+)*_(?:read|write))\b/;

export class ApiError extends Error {
	override readonly name = 'ApiError';

	constructor(
		/** HTTP status; 0 when no response arrived. */
		readonly status: number,
		/** Machine-readable reason: `meta.error_type`, or one of CLIENT_ERROR_TYPES. */
		readonly errorType: string,
		/** A sentence for people. */
		readonly detail: string,
		/** For a 403 caused by a scope the token lacks: that scope. */
		readonly missingScope?: string
	) {
		super(`${errorType}: ${detail}`);
	}

	/** Whether the failure is about reaching the upstream (cached data should be shown as stale). */
	get isUnreachable(): boolean {
		return this.status === 0 || this.status === 502 || this.status === 503 || this.status === 504;
	}

	get signInRequired(): boolean {
		return this.status === 401;
	}
}

/** The scope named in a 403's detail or type, if any. */
export function missingScopeOf(
	status: number,
	errorType: string,
	detail: string
): string | undefined {
	if (status !== 403) return undefined;
	return SCOPE_PATTERN.exec(detail)?.[1] ?? SCOPE_PATTERN.exec(errorType)?.[1];
}

/** Whether a thrown value is the abort of a request (not a failure to report). */
export function isAbortError(error: unknown): boolean {
	return error instanceof DOMException
		? error.name === 'AbortError'
		: error instanceof Error && error.name === 'AbortError';
}
