// Runs `npm run import` (scripts/import.ts) into a data folder of its own: once as a person
// would, in a process of its own, and then through the same runImport in this process, which
// is the same work without the second or so each process takes to start.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../scripts/import-cli';

// Expected counts are worked out by hand from the rows and records of
// src/lib/server/import/fixtures/generate.ts.
const run = promisify(execFile);
const FIXTURES = 'src/lib/server/import/fixtures';
let dir: string;

beforeAll(async () => {
	dir = await mkdtemp(join(tmpdir(), 'import-cli-'));
});
afterAll(async () => {
	await rm(dir, { recursive: true, force: true });
});

interface Run {
	code: number;
	stdout: string;
	stderr: string;
}

function env(): Record<string, string> {
	return {
		PATH: process.env.PATH ?? '',
		NO_COLOR: '1',
		NUDGE_REFERENCE_DATA_DIR: dir,
		NUDGE_REFERENCE_NOW: '2026-03-30T18:00:00Z',
		// A short demo keeps the first open of the database quick.
		NUDGE_REFERENCE_DAYS: '30'
	};
}

/** `npm run import -- FILE` in a process of its own: the script, its exit code, its output. */
async function spawned(file: string): Promise<Run> {
	try {
		const { stdout, stderr } = await run(
			process.execPath,
			['node_modules/tsx/dist/cli.mjs', 'scripts/import.ts', `${FIXTURES}/${file}`],
			{ env: env() }
		);
		return { code: 0, stdout, stderr };
	} catch (error) {
		const failed = error as Run;
		return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
	}
}

/** The same command run in this process, its output caught as the process's would be. */
async function cli(file: string): Promise<Run> {
	let stdout = '';
	let stderr = '';
	const code = await runImport([`${FIXTURES}/${file}`], {
		env: env(),
		stdout: { write: (text: string) => (stdout += text) },
		stderr: { write: (text: string) => (stderr += text), isTTY: false }
	});
	return { code, stdout, stderr };
}

/** `moves  3 added  0 updated  0 unchanged` → [3, 0, 0]. */
function line(stdout: string, kind: string): number[] {
	const found = stdout.split('\n').find((text) => text.trim().startsWith(`${kind} `));
	if (found === undefined) throw new Error(`no line for ${kind} in:\n${stdout}`);
	return [...found.matchAll(/(\d+) (?:added|updated|unchanged)/g)].map((match) => Number(match[1]));
}

describe('npm run import', () => {
	it('stores an Apple Health export.zip and reports what was added per kind', async () => {
		// The one run in a process of its own, as a person runs it: it must end by itself too.
		const { code, stdout } = await spawned('apple-health-export.zip');
		expect(code).toBe(0);
		expect(stdout).toContain('apple-health-zip');
		expect(line(stdout, 'moves')).toEqual([5, 0, 0]);
		expect(line(stdout, 'sleeps')).toEqual([2, 0, 0]);
		expect(line(stdout, 'workouts')).toEqual([2, 0, 0]);
		expect(line(stdout, 'body_events')).toEqual([2, 0, 0]);
		expect(line(stdout, 'meals')).toEqual([1, 0, 0]);
		expect(line(stdout, 'heartrates')).toEqual([2, 0, 0]);
		expect(stdout).toContain(`Stored in ${dir}`);
		// The fresh folder did not wait for the demo user: the dashboard generates it when it starts.
		const db = new Database(join(dir, 'wellness.sqlite'), { readonly: true });
		try {
			const count = (account: string) =>
				db.prepare('SELECT count(*) AS n FROM records WHERE account = ?').pluck().get(account);
			expect(count('demo')).toBe(0);
			expect(count('me')).toBe(14);
		} finally {
			db.close();
		}
	}, 60_000);

	it('recognises the same export imported again and adds nothing', async () => {
		const { code, stdout } = await cli('apple-health-export.zip');
		expect(code).toBe(0);
		expect(stdout).toMatch(/Imported before \(.*\), recognised by its SHA-256: nothing changed/);
		expect(line(stdout, 'moves')).toEqual([0, 0, 5]);
		expect(line(stdout, 'sleeps')).toEqual([0, 0, 2]);
		expect(line(stdout, 'heartrates')).toEqual([0, 0, 2]);
	}, 60_000);

	it('stores a UP export beside it (another source, other ids)', async () => {
		const { code, stdout } = await cli('up-export.csv');
		expect(code).toBe(0);
		expect(line(stdout, 'moves')).toEqual([3, 0, 0]);
		expect(line(stdout, 'meals')).toEqual([2, 0, 0]);
		expect(line(stdout, 'body_events')).toEqual([2, 0, 0]);
	}, 60_000);

	it('names what it did not import, what it skipped and the zone it used', async () => {
		const { code, stdout } = await cli('apple-health-completeness.xml');
		expect(code).toBe(0);
		expect(line(stdout, 'cardiac_events')).toEqual([2, 0, 0]);
		expect(stdout).toContain(
			'Not imported (the API has no place for them): 3 flights climbed, 2 heart-rate samples, 2 stand hours, 1 VO2 max estimate, 1 activity-ring day, 1 blood-glucose reading, 1 blood-oxygen (SpO2) reading, 1 heart-rate-variability (HRV) reading, 1 height measurement, 1 mindful session, 1 respiratory-rate reading'
		);
		expect(stdout).toContain(
			'skipped 1: records dated after the export was made (2019-03-08 10:00:00 +0100)'
		);
		expect(stdout).toContain(
			"Zone: Europe/Berlin (the zone the export's device named for its latest records)"
		);
	}, 60_000);

	it('names the line of a malformed file, exits 1 and stores nothing', async () => {
		const { code, stderr } = await cli('up-export-malformed.csv');
		expect(code).toBe(1);
		expect(stderr).toContain('Nothing was imported');
		expect(stderr).toContain('line 3');
		// Its good first row was not stored either: importing the good export finds it unchanged.
		const again = await cli('up-export.csv');
		expect(line(again.stdout, 'moves')).toEqual([0, 0, 3]);
	}, 60_000);
});
