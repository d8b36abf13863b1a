import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

// Unit tests run in a fixed, unusual zone (UTC+05:45) so that any reliance on the machine's
// own zone shows up as a wrong hour rather than passing by luck.
process.env.TZ = 'Asia/Kathmandu';

export default defineConfig({
	plugins: [sveltekit()],
	test: {
		include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
		environment: 'node',
		env: { TZ: 'Asia/Kathmandu' },
		testTimeout: 20000,
		// The demo user is generated once per seed, span and now and then copied (docs/guide.md).
		globalSetup: ['tests/unit/setup/demo-images.global.ts'],
		setupFiles: ['tests/unit/setup/demo-cache.ts']
	}
});
