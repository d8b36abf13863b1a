import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { whyNotStarted } from './app';
import { ConfigError } from './config/parse-config';
import { StoreUnusable } from './sqlite-file';

/** SQLite's own error for a file that may not grow any more. */
function diskFullError(): unknown {
	const db = new Database(':memory:');
	db.exec('CREATE TABLE t (b TEXT)');
	db.pragma('max_page_count = 4');
	try {
		for (let i = 0; i < 100; i++) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(8000));
	} catch (error) {
		return error;
	} finally {
		db.close();
	}
	throw new Error('the insert fitted');
}

describe('why the server cannot start', () => {
	it('names the store and the cause, or the setting, in one line; a bug is not dressed up', () => {
		expect(whyNotStarted(new StoreUnusable('/srv/data/wellness.sqlite', 'it is damaged'))).toBe(
			'Cannot start the dashboard: /srv/data/wellness.sqlite: it is damaged'
		);
		expect(
			whyNotStarted(new ConfigError([{ setting: 'NUDGE_TIMEOUT_MS', problem: 'must be a number' }]))
		).toContain('NUDGE_TIMEOUT_MS: must be a number');
		const full = whyNotStarted(diskFullError());
		expect(full).toMatch(/^Cannot start the dashboard: .*: the disk is full/);
		expect(full?.split('\n')).toHaveLength(1);
		expect(whyNotStarted(new Error('a bug'))).toBeNull();
	});
});
