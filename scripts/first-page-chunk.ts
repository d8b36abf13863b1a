// The modules Today's first visit runs, in one chunk of the browser's build.
//
// Left to itself the bundler splits the code every page shares by which pages share it, so Today's
// first visit asked for about thirty scripts. A phone's browser opens six connections to a host,
// so thirty requests are five or six round trips one after the other: on the phone profile of
// `../shared/perf/cold-ratio.mjs` (150 ms a round trip) the scripts arrived 1.4 s after they were
// asked for, against 0.3 s for the floor page's seven. Here every module that Kit's client start,
// the root layout or Today's page imports statically, directly or through others, goes into one
// chunk; the other pages load it too (they share most of it: the runtime, the layout, the data
// layer, the chart frame) and keep their own code in chunks of their own. Code a page loads on
// need (`import()`) stays out, so the first page carries no more than before.
import type { Plugin } from 'vite';

/**
 * Libraries the first page takes only part of (d3's scales, zod, idb): left to the bundler, which
 * knows which of their modules Today uses. A walk of the imports cannot: Today imports `scaleBand`
 * from d3-scale's index, and the index imports every scale, their interpolators and d3-color.
 * Svelte's and Kit's runtimes run whole.
 */
const LIBRARY = /[\\/]node_modules[\\/](?!svelte[\\/]|@sveltejs[\\/])/;

/** The first page's roots: Kit's client start and app, the root layout and Today's page. */
const ROOTS = [
	/[\\/]@sveltejs[\\/]kit[\\/]src[\\/]runtime[\\/]client[\\/]entry\.js$/,
	/[\\/]generated[\\/]client-optimized[\\/]app\.js$/,
	/[\\/]src[\\/]routes[\\/]\+layout\.(svelte|ts)$/,
	/[\\/]src[\\/]routes[\\/]\+page\.svelte$/
];

interface ModuleGraph {
	getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null;
}

/**
 * Whether `id` is imported statically, through any chain, by one of the first page's roots: a
 * walk up the static importers. `known` remembers answers: a module whose walk found no root
 * answers no for every module the walk met (their importers were all walked too).
 */
function reachedFromRoots(
	id: string,
	graph: ModuleGraph,
	roots: readonly RegExp[],
	known: Map<string, boolean>
): boolean {
	const met = new Set([id]);
	const waiting = [id];
	for (let next = waiting.pop(); next !== undefined; next = waiting.pop()) {
		if (known.get(next) === true || roots.some((root) => root.test(next))) {
			known.set(id, true);
			return true;
		}
		if (known.get(next) === false) continue;
		for (const importer of graph.getModuleInfo(next)?.importers ?? []) {
			if (met.has(importer)) continue;
			met.add(importer);
			waiting.push(importer);
		}
	}
	for (const module of met) known.set(module, false);
	return false;
}

/** The browser build's chunking: the first page's modules in one chunk named `first-page`. */
export function firstPageChunk(): Plugin {
	return {
		name: 'wellness:first-page-chunk',
		apply: 'build',
		config(_config, { isSsrBuild }) {
			if (isSsrBuild === true) return undefined;
			const known = new Map<string, boolean>();
			return {
				build: {
					rolldownOptions: {
						output: {
							codeSplitting: {
								groups: [
									{
										name: (id, context) => {
											const info = context.getModuleInfo(id);
											// An entry stays a file of its own: Kit's manifest names it.
											if (info === null || info.isEntry || LIBRARY.test(id)) return null;
											return reachedFromRoots(id, context, ROOTS, known) ? 'first-page' : null;
										}
									}
								]
							}
						}
					}
				}
			};
		}
	};
}
