// Starts the built dashboard (`node build`) with settings of its own, for specs that need another mode.
import { spawn, type ChildProcess } from 'node:child_process';

export interface OwnServer {
	origin: string;
	stop(): Promise<void>;
}

/**
 * The port: E2E_PORT + 10 (the default suite's server has E2E_PORT). Specs that use this run
 * their tests one after the other in one worker, so one extra port is enough.
 */
export function ownPort(): number {
	return Number(process.env.E2E_PORT ?? 4173) + 10;
}

export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
	const port = ownPort();
	const origin = `http://127.0.0.1:${port}`;
	const child: ChildProcess = spawn(process.execPath, ['build'], {
		env: {
			PATH: process.env.PATH ?? '',
			HOST: '127.0.0.1',
			PORT: String(port),
			ORIGIN: origin,
			NUDGE_REFERENCE_NOW: '2026-03-30T18:00:00Z',
			NUDGE_REFERENCE_DATA_DIR: 'memory',
			...env
		},
		stdio: ['ignore', 'ignore', 'pipe']
	});
	let stderr = '';
	child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const deadline = Date.now() + 60_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`the server stopped: ${stderr.slice(0, 500)}`);
		try {
			const response = await fetch(`${origin}/api/session`);
			if (response.ok) break;
		} catch {
			// Not listening yet.
		}
		if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	return {
		origin,
		stop: () =>
			new Promise((resolve) => {
				if (child.exitCode !== null) return resolve();
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			})
	};
}
