// The API's path versions, in a module of their own: the browser needs this one schema at start,
// and the envelope's and records' schemas only with its first request (src/lib/client/validation.ts).
import * as z from 'zod/mini';

/** The path versions, oldest first: the one list the catalogue, the proxy and the settings read. */
export const API_VERSIONS = ['v.1.0', 'v.1.1'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
/** What a version-less path means. */
export const LATEST_VERSION: ApiVersion = 'v.1.1';

export const apiVersionSchema = z.literal(API_VERSIONS);

/** Whether a path segment or a setting names a version this code speaks. */
export function isApiVersion(value: string): value is ApiVersion {
	return API_VERSIONS.some((version) => version === value);
}
