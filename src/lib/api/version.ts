// The API's path versions, in a module of their own: the browser needs this one schema at start,
// and the envelope's and records' schemas only with its first request (src/lib/client/validation.ts).
import * as z from 'zod/mini';

/** The two path versions; a version-less path resolves to the latest (v.1.1). */
export const apiVersionSchema = z.literal(['v.1.0', 'v.1.1']);
export type ApiVersion = z.infer<typeof apiVersionSchema>;
