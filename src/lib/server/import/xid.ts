// Record ids derived from what identifies a record, so importing the same data twice gives the same ids.
import { createHash } from 'node:crypto';

/**
 * A 22-character id (`[A-Za-z0-9_-]`, 132 bits) from the parts that identify a record: its
 * source format, kind and the instant or date it stands for (never the import's own clock). A
 * later, longer export of the same history yields the same ids, so a store replaces instead of
 * duplicating.
 */
export function importXid(...identity: readonly (string | number)[]): string {
	return createHash('sha256').update(identity.join('|')).digest('base64url').slice(0, 22);
}
