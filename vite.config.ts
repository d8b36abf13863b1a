import { sveltekit } from '@sveltejs/kit/vite';
import { firstPageChunk } from './scripts/first-page-chunk.ts';
import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig } from 'vitest/config';
import { answerRequests, colorScheme, sentRequests, tap } from './tests/browser/commands.ts';
import { chromiumLaunch } from './tests/chromium.ts';

// Unit tests run in a fixed, unusual zone (UTC+05:45) so that any reliance on the machine's
// own zone shows up as a wrong hour rather than passing by luck.
const ZONE = 'Asia/Kathmandu';
process.env.TZ = ZONE;

/**
 * Tests of pure code (no I/O, no globals, no mocks, no timers) share one module graph: starting
 * a fresh one for each file cost more than the tests themselves. A test there that needs any of
 * those belongs beside its code in another folder, or the folder moves to the isolated project.
 */
const SHARED = ['src/lib/{api,charts,coverage,format,metrics,time,views}/**/*.test.ts'];
/** Component tests: one component rendered in real Chromium, driven by real pointer and keys. */
const BROWSER = ['src/**/*.browser.test.ts'];
/** The size of the page a component test renders into. */
const VIEWPORT = { width: 1024, height: 768 };
/** The reference API and its conformance suite: slow, and not the app, so a project of their own. */
const REFERENCE_API = [
	'src/lib/server/reference-api/**/*.test.ts',
	'tests/unit/conformance/**/*.test.ts'
];

/** What every test file of a project that reaches the reference API starts with (docs/guide.md). */
const serverSetup = {
	// The demo user is generated once per seed, span and now and then copied; the server's log
	// lines show only for a test that fails.
	globalSetup: ['tests/unit/setup/demo-images.global.ts'],
	setupFiles: ['tests/unit/setup/demo-cache.ts', 'tests/unit/setup/server-log.ts']
};

export default defineConfig({
	plugins: [sveltekit(), firstPageChunk()],
	test: {
		environment: 'node',
		env: { TZ: ZONE },
		testTimeout: 20000,
		projects: [
			{
				extends: true,
				test: {
					name: 'pure',
					include: SHARED,
					exclude: [...configDefaults.exclude, ...BROWSER],
					isolate: false
				}
			},
			{
				extends: true,
				test: {
					name: 'isolated',
					include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
					exclude: [...configDefaults.exclude, ...SHARED, ...BROWSER, ...REFERENCE_API],
					...serverSetup
				}
			},
			{
				extends: true,
				test: { name: 'reference-api', include: REFERENCE_API, ...serverSetup }
			},
			{
				extends: true,
				test: {
					name: 'browser',
					include: BROWSER,
					// The page's theme tokens, and a check that the zone is the one pinned here.
					setupFiles: ['tests/browser/setup.ts'],
					// A waited-for change (a layout, an export) may take seconds on a loaded machine.
					expect: { poll: { timeout: 10_000 } },
					browser: {
						enabled: true,
						headless: true,
						provider: playwright({
							launchOptions: chromiumLaunch,
							// Touch on, so a test can tap as a phone does (tests/browser/commands.ts); the
							// page as large as the tested frame, so the frame is not scaled down and a
							// pointer offset in CSS px lands where it says.
							contextOptions: {
								timezoneId: ZONE,
								locale: 'en-GB',
								hasTouch: true,
								viewport: VIEWPORT
							}
						}),
						instances: [{ browser: 'chromium' }],
						viewport: VIEWPORT,
						commands: { tap, colorScheme, answerRequests, sentRequests }
					}
				}
			}
		]
	}
});
