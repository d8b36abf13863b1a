// The OAuth tokens the reference API issued, kept in its database under their hash, so a restart signs nobody out.
import { createHash } from 'node:crypto';
import type { StoreMirror } from './bounded-store';
import type { StoreDatabase } from './database';

/** The key a token is kept under: its SHA-256, so the database holds no usable token. */
export function tokenKey(token: string): string {
	return createHash('sha256').update(token).digest('base64url');
}

/** How one kind of record is written to text and read back (null: unreadable, dropped). */
export interface RecordCodec<V> {
	encode(value: V): string;
	decode(text: string): V | null;
}

/**
 * One kind of token (`access`, `refresh`) in the `oauth_tokens` table: a mirror for the
 * BoundedStore that holds them, oldest first. A row that no longer reads is deleted.
 */
export function tokenTable<V>(
	db: StoreDatabase,
	kind: 'access' | 'refresh',
	codec: RecordCodec<V>
): StoreMirror<V> {
	const last = db
		.prepare<[string], { seq: number | null }>(
			'SELECT max(seq) AS seq FROM oauth_tokens WHERE kind = ?'
		)
		.get(kind);
	let seq = last?.seq ?? 0;
	const put = db.prepare<[string, string, number, string]>(
		'INSERT OR REPLACE INTO oauth_tokens (kind, token_hash, seq, body) VALUES (?, ?, ?, ?)'
	);
	const remove = db.prepare<[string, string]>(
		'DELETE FROM oauth_tokens WHERE kind = ? AND token_hash = ?'
	);
	const all = db.prepare<[string], { token_hash: string; body: string }>(
		'SELECT token_hash, body FROM oauth_tokens WHERE kind = ? ORDER BY seq'
	);
	return {
		*load() {
			for (const row of all.all(kind)) {
				const value = codec.decode(row.body);
				if (value === null) remove.run(kind, row.token_hash);
				else yield [row.token_hash, value];
			}
		},
		put(key, value) {
			seq += 1;
			put.run(kind, key, seq, codec.encode(value));
		},
		delete(key) {
			remove.run(kind, key);
		}
	};
}
