import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: { runes: true },
	kit: {
		adapter: adapter({ out: 'build' }),
		// The only cookie-authenticated writes are under /api/** and /auth/**, and our own hook
		// origin-checks every one of them whatever its content type (src/lib/server/origin-check.ts).
		// The built-in check covers form posts only, and it would refuse the embedded API's partner
		// calls (form posts with no Origin, from servers, authenticated by token), so it is off.
		csrf: { trustedOrigins: ['*'] }
	}
};

export default config;
