// Builds the chart benchmark harness: the product's chart components mounted alone in a page.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
	root: fileURLToPath(new URL('.', import.meta.url)),
	base: './',
	plugins: [svelte({ compilerOptions: { runes: true } })],
	resolve: { alias: { $lib: fileURLToPath(new URL('../../src/lib', import.meta.url)) } },
	logLevel: 'error',
	build: { outDir: 'dist', emptyOutDir: true }
});
