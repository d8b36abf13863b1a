// The floor page's SvelteKit app: the dashboard's own Kit, Svelte and adapter, nothing else.
import adapter from '@sveltejs/adapter-node';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	compilerOptions: { runes: true },
	kit: { adapter: adapter({ out: 'build' }) }
};

export default config;
