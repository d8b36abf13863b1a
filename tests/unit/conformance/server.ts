// Starts the standalone reference API (scripts/reference-api.ts) as a child process on an ephemeral 127.0.0.1 port.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const CONFORMANCE_TOKEN = 'conformance-static-token-42';
export const CONFORMANCE_NOW = '2026-03-30T18:00:00Z';
export const PARTNER = {
	id: 'conformance-partner',
	secret: 'conformance-partner-secret',
	redirectUris: ['http://127.0.0.1:9/callback']
};

export interface StartedServer {
	url: string;
	child: ChildProcess;
	stop(signal?: NodeJS.Signals): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../../..');

/** Spawns the server with the given extra environment and resolves once it prints its URL. */
export function startServer(env: Record<string, string> = {}): Promise<StartedServer> {
	// One process (no tsx CLI wrapper), so a SIGKILL hits the server itself.
	const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/reference-api.ts'], {
		cwd: ROOT,
		env: {
			...process.env,
			PORT: '0',
			HOST: '127.0.0.1',
			NUDGE_ACCESS_TOKEN: CONFORMANCE_TOKEN,
			NUDGE_REFERENCE_NOW: CONFORMANCE_NOW,
			NUDGE_REFERENCE_DAYS: '120',
			NUDGE_REFERENCE_DATA_DIR: 'memory',
			NUDGE_REFERENCE_CLIENTS: JSON.stringify([PARTNER]),
			...env
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	return new Promise((resolveStart, reject) => {
		let output = '';
		const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
		const onData = (chunk: Buffer) => {
			output += chunk.toString();
			const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
			if (url === undefined) return;
			clearTimeout(timer);
			child.stdout?.off('data', onData);
			resolveStart({
				url,
				child,
				stop: (signal: NodeJS.Signals = 'SIGTERM') =>
					new Promise((done) => {
						if (child.exitCode !== null || child.signalCode !== null) {
							done();
							return;
						}
						child.once('exit', () => done());
						child.kill(signal);
					})
			});
		};
		child.stdout?.on('data', onData);
		child.stderr?.on('data', (chunk: Buffer) => {
			output += chunk.toString();
		});
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`server exited with ${code}: ${output}`));
		});
	});
}
