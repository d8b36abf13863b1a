import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: { runes: true },
	kit: {
		adapter: adapter({ out: 'build' }),
		// Every non-GET from the browser is origin-checked by our own hook (whatever the content type),
		// so the built-in form-only check is left on as a second line.
		csrf: { trustedOrigins: [] }
	}
};

export default config;
