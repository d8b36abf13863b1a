import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: { runes: true },
	kit: {
		// A deployment may name its release (a commit, say) and build it into another folder; by
		// default the release is named by the time of the build and goes to build/.
		adapter: adapter({ out: process.env.WELLNESS_BUILD_OUT ?? 'build' }),
		version: process.env.WELLNESS_RELEASE ? { name: process.env.WELLNESS_RELEASE } : {},
		// The only cookie-authenticated writes are under /api/** and /auth/**, and our own hook
		// origin-checks every one of them whatever its content type (src/lib/server/origin-check.ts).
		// The built-in check covers form posts only, and it would refuse the embedded API's partner
		// calls (form posts with no Origin, from servers, authenticated by token), so it is off.
		csrf: { trustedOrigins: ['*'] }
	}
};

export default config;
