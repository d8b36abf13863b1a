// Starts the built dashboard (`node build`) with settings of its own, for specs that need another mode.
import { spawn, type ChildProcess } from 'node:child_process';
import { test } from '@playwright/test';

export interface OwnServer {
	origin: string;
	stop(): Promise<void>;
	/** What the server has written to stderr so far (its log lines). */
	log(): string;
}

/**
 * A port of one spec's own: E2E_PORT + 10 + `slot` (the default suite's server has E2E_PORT).
 * Spec files run side by side, so each that starts servers takes its own slot (0 to 29), and its
 * tests run one after the other within it. Taken: 0 session, 1 heart-body, 2 food, 3 writes,
 * 4 release, 5 mood, 6, 17 and 18 import, 8, 9 and 16 security, 10–11 states-day, 12–13 states-span,
 * 14–15 states-record.
 */
export function ownPort(slot = 0): number {
	if (slot < 0 || slot > 29) throw new RangeError('a spec slot is 0 to 29');
	const port = Number(process.env.E2E_PORT ?? 4173) + 10 + slot;
	if (BAD_PORTS.has(port)) {
		throw new RangeError(
			`port ${port} (slot ${slot}) is one fetch and Chromium refuse to use; choose another slot or E2E_PORT`
		);
	}
	return port;
}

/**
 * The ports above 1024 that the Fetch standard blocks (Node's fetch and Chromium refuse them):
 * 4173 + 10 + 7 is 4190, ManageSieve's, so slot 7 is never taken.
 */
const BAD_PORTS = new Set([
	1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669,
	6679, 6697, 10080
]);

/** The standalone reference API's port: E2E_REFERENCE_PORT, else E2E_PORT + 40. */
export function referencePort(): number {
	const configured = process.env.E2E_REFERENCE_PORT;
	return configured ? Number(configured) : Number(process.env.E2E_PORT ?? 4173) + 40;
}

const REFERENCE_SETTINGS = {
	NUDGE_REFERENCE_NOW: '2026-03-30T18:00:00Z',
	NUDGE_REFERENCE_DATA_DIR: 'memory'
};

/**
 * The built dashboard on ownPort() (or `at.port`), with these settings; `at.build` runs another
 * build folder than `build`.
 */
export function startOwnServer(
	env: Record<string, string>,
	at: { port?: number; build?: string } = {}
): Promise<OwnServer> {
	const port = at.port ?? ownPort();
	const origin = `http://127.0.0.1:${port}`;
	const child = spawn(process.execPath, [at.build ?? 'build'], {
		env: {
			PATH: process.env.PATH ?? '',
			HOST: '127.0.0.1',
			PORT: String(port),
			ORIGIN: origin,
			...REFERENCE_SETTINGS,
			...env
		},
		stdio: ['ignore', 'ignore', 'pipe']
	});
	return running(child, origin, '/api/session');
}

/** The reference API as a process of its own (`npm run reference-api`), on referencePort(). */
export function startReferenceApi(env: Record<string, string> = {}): Promise<OwnServer> {
	const port = referencePort();
	const child = spawn(
		process.execPath,
		['node_modules/tsx/dist/cli.mjs', 'scripts/reference-api.ts'],
		{
			env: {
				PATH: process.env.PATH ?? '',
				HOST: '127.0.0.1',
				PORT: String(port),
				...REFERENCE_SETTINGS,
				...env
			},
			stdio: ['ignore', 'ignore', 'pipe']
		}
	);
	// Any answer means it listens (this path needs a token: 401).
	return running(child, `http://127.0.0.1:${port}`, '/nudge/api/v.1.1/users/@me', true);
}

const STARTUP_MS = 60_000;

async function running(
	child: ChildProcess,
	origin: string,
	probe: string,
	anyAnswer = false
): Promise<OwnServer> {
	let stderr = '';
	child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const deadline = Date.now() + STARTUP_MS;
	// A loaded machine may take the whole deadline: the hook or test starting it gets that long more,
	// so a slow start fails here with the server's log, not as a bare hook timeout.
	const info = test.info();
	info.setTimeout(info.timeout + STARTUP_MS);
	for (;;) {
		if (child.exitCode !== null) throw new Error(`the server stopped: ${stderr.slice(0, 500)}`);
		try {
			const response = await fetch(`${origin}${probe}`, { signal: AbortSignal.timeout(5_000) });
			if (response.ok || anyAnswer) break;
		} catch {
			// Not listening yet.
		}
		if (Date.now() > deadline) {
			child.kill('SIGTERM');
			throw new Error(`the server did not start within 60 s: ${stderr.slice(0, 500)}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	return {
		origin,
		log: () => stderr,
		stop: () =>
			new Promise((resolve) => {
				if (child.exitCode !== null) return resolve();
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			})
	};
}
