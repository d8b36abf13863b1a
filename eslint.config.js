import js from '@eslint/js';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/*
 * The house's boundaries, each an ESLint `no-restricted-imports` rule with the reason as its
 * message. Flat config keeps only the last options a file gets for one rule name, and these
 * boundaries overlap, so each runs under a name of its own (`boundary/<name>`): the same rule,
 * aliased. Tests, test support, scripts and benchmarks may cross them.
 */
const restrictedImports = builtinRules.get('no-restricted-imports');
const restrictedSyntax = builtinRules.get('no-restricted-syntax');
const SOURCE = ['src/**/*.ts', 'src/**/*.svelte'];
const TESTS = ['**/*.test.ts', '**/testing/**'];
/** Server-only route files, which SvelteKit never bundles for the browser. */
const SERVER_ROUTES = [
	'src/hooks.server.ts',
	'src/routes/**/+server.ts',
	'src/routes/**/+page.server.ts',
	'src/routes/**/+layout.server.ts'
];
/** Matches any import of the reference API's folder, by `$lib` path or relative path. */
const REFERENCE_API = '(^|/)reference-api(/|$)';

const boundaries = [
	{
		name: 'charts-only-draw',
		files: ['src/lib/charts/**'],
		ignores: TESTS,
		patterns: [
			{
				regex: '^(\\$lib/|(\\.\\.?/)+)(cache|client)(/|$)',
				message:
					'Charts only draw: they take shaped data as props and never fetch or cache it, so they stay pure and testable in node. Pass the data in from the page or its view model.'
			}
		]
	},
	{
		name: 'server-code-stays-on-the-server',
		files: SOURCE,
		ignores: ['src/lib/server/**', ...SERVER_ROUTES, ...TESTS],
		patterns: [
			{
				regex: '^(\\$lib/|(\\.\\.?/)+(lib/)?)server(/|$)',
				message:
					'Only src/lib/server/ and the server-only route files (+server.ts, *.server.ts, hooks.server.ts) import $lib/server: it holds the tokens and secrets. SvelteKit refuses it in browser bundles; shared code must not lean on that.'
			}
		]
	},
	{
		name: 'reference-api-only-through-embedded',
		files: SOURCE,
		ignores: [
			'src/lib/server/reference-api/**',
			'src/lib/server/embedded.ts',
			'src/lib/server/import/**',
			...TESTS
		],
		patterns: [
			{
				regex: REFERENCE_API,
				message:
					'Only src/lib/server/embedded.ts loads the reference API (its SQLite store and demo generator), on first use: the rest of the server reaches it through the EmbeddedApi that embedded.ts builds, so a deployment against a real upstream never loads it.'
			}
		],
		dynamic: true
	},
	{
		name: 'importers-write-through-a-sink',
		files: ['src/lib/server/import/**'],
		ignores: TESTS,
		patterns: [
			{
				regex: REFERENCE_API,
				message:
					'The importers turn a file into API records and hand them to a sink; embedded.ts gives store-sink.ts the store to write into. They never import the store or the reference API themselves, so the reference API still loads only through embedded.ts, on first use.'
			}
		],
		dynamic: true
	},
	{
		name: 'browser-takes-only-types-from-api',
		files: SOURCE,
		ignores: ['src/lib/server/**', ...SERVER_ROUTES, 'src/lib/client/validation.ts', ...TESTS],
		patterns: [
			{
				regex: '^(\\$lib/|(\\.\\.?/)+)api(/index)?$',
				allowTypeImports: true,
				message:
					'Browser code (the first page above all) takes only types from the $lib/api index: importing a value from it builds every response schema before the page can draw. The schemas load with the first request, through src/lib/client/validation.ts.'
			}
		]
	},
	{
		name: 'writes-only-on-pages-that-write',
		files: SOURCE,
		ignores: [
			'src/lib/cache/writes.ts',
			'src/routes/body/**',
			'src/routes/goals/**',
			'src/routes/mood/**',
			'src/lib/views/mood/MoodLog.svelte',
			...TESTS
		],
		patterns: [
			{
				regex: '(^|/)(writes|write-calls)$',
				allowTypeImports: true,
				message:
					'The write modules (src/lib/cache/writes.ts, src/lib/client/write-calls.ts) load only with the pages that write (Body, Goals, Mood), so the first page never downloads them (tests/e2e/first-page.spec.ts). Import them there, or add a new page that writes to the ignores of this rule.'
			}
		]
	},
	{
		name: 'test-support-is-not-shipped',
		files: SOURCE,
		ignores: TESTS,
		patterns: [
			{
				regex: '(^|/)testing(/|$)',
				message:
					'Test support (fixtures, fakes, test helpers) lives in testing/ folders and only tests import it: shipped code must not depend on it (docs/guide.md, Test data).'
			}
		]
	}
];

const boundaryPlugin = {
	rules: Object.fromEntries(
		boundaries.flatMap(({ name, dynamic }) => [
			[name, restrictedImports],
			...(dynamic ? [[`${name}-dynamic`, restrictedSyntax]] : [])
		])
	)
};

const boundaryConfigs = boundaries.map(({ name, files, ignores, patterns, dynamic }) => ({
	files,
	ignores,
	plugins: { boundary: boundaryPlugin },
	rules: {
		[`boundary/${name}`]: ['error', { patterns }],
		// A dynamic import() is no import declaration: the same boundary, as a syntax rule.
		...(dynamic
			? {
					[`boundary/${name}-dynamic`]: [
						'error',
						...patterns.map(({ regex, message }) => ({
							// esquery's regular expressions cannot hold a slash: \u002F stands for it.
							selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\u002F')}/]`,
							message
						}))
					]
				}
			: {})
	}
}));

export default ts.config(
	{
		ignores: [
			'build/',
			'.svelte-kit/',
			'node_modules/',
			'test-results/',
			'playwright-report/',
			'.reports/',
			'.data/',
			'bench/harness/dist/',
			'bench/floor/build/',
			'bench/floor/.svelte-kit/'
		]
	},
	js.configs.recommended,
	...ts.configs.recommendedTypeChecked,
	...svelte.configs.recommended,
	prettier,
	...svelte.configs.prettier,
	{
		languageOptions: {
			globals: { ...globals.browser, ...globals.node },
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				tsconfigRootDir: import.meta.dirname
			}
		},
		rules: {
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/no-misused-promises': 'error',
			'@typescript-eslint/await-thenable': 'error',
			'@typescript-eslint/no-explicit-any': 'error',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
			],
			'no-undef': 'off'
		}
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		}
	},
	{
		// The service worker runs in a worker, not a page: its own tsconfig gives it the worker's types.
		files: ['src/service-worker.ts'],
		languageOptions: {
			parserOptions: { projectService: false, project: './tsconfig.service-worker.json' }
		}
	},
	{
		files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
		...ts.configs.disableTypeChecked
	},
	...boundaryConfigs
);
