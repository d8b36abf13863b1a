// Builds the floor page (bench/floor.bench.ts): a bare SvelteKit app to measure the dashboard against.
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [sveltekit()], logLevel: 'error' });
