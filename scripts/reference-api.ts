// Runs the reference Wellness API as a standalone server on 127.0.0.1:${PORT ?? 8787} (`npm run reference-api`).
import {
	createReferenceApi,
	MAX_BODY_BYTES,
	optionsFromEnv
} from '$lib/server/reference-api/index';
import { serve } from '$lib/server/reference-api/node-adapter';

const host = process.env.HOST?.trim() || '127.0.0.1';
const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
	console.error('PORT must be a port number');
	process.exit(1);
}

const api = createReferenceApi(optionsFromEnv(process.env));
await api.ready();
const running = await serve(api, host, port, { maxBodyBytes: MAX_BODY_BYTES });
// The URL only: the static token is never printed (set NUDGE_ACCESS_TOKEN to know it).
console.log(`Reference API listening on ${running.url}`);

let stopping = false;
async function stop(): Promise<void> {
	if (stopping) return;
	stopping = true;
	await running.close();
	await api.close();
	process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
