// Shared parts of the benchmarks: JSON-line output, statistics, Chromium, and servers on loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';

/**
 * The figures held to a bound (README, Benchmarks): a goal is where the figure should get to, a
 * guard where it must stay. A guard passed makes the run fail; a goal missed is only said.
 */
export const BOUNDS: Readonly<Record<string, { kind: 'goal' | 'guard'; max: number }>> = {
	warm_first_chart_ratio: { kind: 'goal', max: 1.5 },
	cold_first_chart_ratio: { kind: 'goal', max: 1.5 },
	first_page_js_ratio: { kind: 'guard', max: 3.6 },
	render_trend_10y_ratio: { kind: 'guard', max: 3.2 },
	mood_year_requests: { kind: 'goal', max: 4 },
	year_view_first_visit_ratio: { kind: 'goal', max: 3 }
};

/** Prints one benchmark figure as the JSON line `npm run bench` promises, and checks its bound. */
export function emit(name: string, value: number, unit: string): void {
	const rounded = Math.round(value * 100) / 100;
	console.log(JSON.stringify({ name, value: rounded, unit }));
	const bound = BOUNDS[name];
	if (bound === undefined || rounded <= bound.max) return;
	console.error(`${name} ${rounded} is over its ${bound.kind} of ${bound.max}`);
	if (bound.kind === 'guard') process.exitCode = 1;
}

export function median(values: readonly number[]): number {
	return percentile(values, 50);
}

export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const rank = (p / 100) * (sorted.length - 1);
	const low = Math.floor(rank);
	const high = Math.ceil(rank);
	return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run'
];

export function launchChromium(): Promise<Browser> {
	return chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: CHROMIUM_ARGS
	});
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
	return new Promise((resolvePort, reject) => {
		const server = createNetServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolvePort(port));
		});
	});
}

export interface RunningApp {
	origin: string;
	stop(): Promise<void>;
}

/**
 * Starts a production build (`node build`, or another adapter-node output folder such as the floor
 * page's) on the embedded demo API at a fixed "now".
 */
export async function startApp(
	env: Record<string, string> = {},
	folder = 'build'
): Promise<RunningApp> {
	if (!existsSync(join(folder, 'index.js')))
		throw new Error(`No production build in ${folder}: run \`vite build\` first`);
	const port = await freePort();
	const origin = `http://127.0.0.1:${port}`;
	const child: ChildProcess = spawn(process.execPath, [folder], {
		env: {
			...process.env,
			HOST: '127.0.0.1',
			PORT: String(port),
			ORIGIN: origin,
			NUDGE_REFERENCE_NOW: '2026-03-30T18:00:00Z',
			NUDGE_REFERENCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'wellness-bench-')),
			...env
		},
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const deadline = Date.now() + 60_000;
	for (;;) {
		try {
			const response = await fetch(`${origin}/`);
			if (response.ok) break;
		} catch {
			// Not listening yet.
		}
		if (Date.now() > deadline) {
			child.kill('SIGKILL');
			throw new Error('The app did not start within 60 s');
		}
		await new Promise((r) => setTimeout(r, 200));
	}
	return {
		origin,
		stop: () =>
			new Promise((done) => {
				child.once('exit', () => done());
				child.kill('SIGTERM');
			})
	};
}

const CONTENT_TYPES: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript',
	'.css': 'text/css',
	'.svg': 'image/svg+xml'
};

/** Serves a folder of static files on 127.0.0.1 (the chart harness). */
export async function serveStatic(root: string): Promise<{ origin: string; server: Server }> {
	const base = resolve(root);
	const server = createServer((request, response) => {
		const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
		const file = resolve(base, `.${path.endsWith('/') ? `${path}index.html` : path}`);
		if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
			response.writeHead(404).end();
			return;
		}
		response.writeHead(200, {
			'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'
		});
		createReadStream(file).pipe(response);
	});
	const port = await freePort();
	await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
	return { origin: `http://127.0.0.1:${port}`, server };
}

/**
 * Waits in the page until the first chart's marks are on screen (two frames after they are in the
 * DOM) and answers the time since navigation start. A string, not a function: tsx would wrap a
 * function's inner helpers in its own `__name`, which does not exist in the page.
 */
const FIRST_CHART_SCRIPT = `new Promise((done) => {
	const painted = () => {
		const chart = [...document.querySelectorAll('section.card svg, section.card canvas')].find(
			(node) => node.tagName === 'CANVAS' || node.querySelectorAll('rect, path').length > 3
		);
		if (!chart) return false;
		requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));
		return true;
	};
	// A page that never draws a chart reports no figure rather than hanging the run.
	setTimeout(() => done(Number.NaN), 30000);
	if (painted()) return;
	const observer = new MutationObserver(() => {
		if (painted()) observer.disconnect();
	});
	observer.observe(document.documentElement, { childList: true, subtree: true });
})`;

/** Milliseconds from navigation start until the first chart's marks are on screen. */
export async function firstChartMs(page: Page, url: string): Promise<number> {
	await page.goto(url, { waitUntil: 'commit' });
	const value: unknown = await page.evaluate(FIRST_CHART_SCRIPT);
	if (typeof value !== 'number' || Number.isNaN(value)) throw new Error(`no chart drawn at ${url}`);
	return value;
}
