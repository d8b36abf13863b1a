import { sveltekit } from '@sveltejs/kit/vite';
import { configDefaults, defineConfig } from 'vitest/config';

// Unit tests run in a fixed, unusual zone (UTC+05:45) so that any reliance on the machine's
// own zone shows up as a wrong hour rather than passing by luck.
process.env.TZ = 'Asia/Kathmandu';

/**
 * Tests of pure code (no I/O, no globals, no mocks, no timers) share one module graph: starting
 * a fresh one for each file cost more than the tests themselves. A test there that needs any of
 * those belongs beside its code in another folder, or the folder moves to the isolated project.
 */
const SHARED = ['src/lib/{api,charts,coverage,format,metrics,time,views}/**/*.test.ts'];

export default defineConfig({
	plugins: [sveltekit()],
	test: {
		environment: 'node',
		env: { TZ: 'Asia/Kathmandu' },
		testTimeout: 20000,
		projects: [
			{ extends: true, test: { name: 'pure', include: SHARED, isolate: false } },
			{
				extends: true,
				test: {
					name: 'isolated',
					include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
					exclude: [...configDefaults.exclude, ...SHARED],
					// The demo user is generated once per seed, span and now and then copied (docs/guide.md);
					// the server's log lines show only for a test that fails.
					globalSetup: ['tests/unit/setup/demo-images.global.ts'],
					setupFiles: ['tests/unit/setup/demo-cache.ts', 'tests/unit/setup/server-log.ts']
				}
			}
		]
	}
});
