import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The importers are their own module: the store that will use them may move or change, so they
// depend only on the API's records, the time helpers, Node and their parsers (the vendors' folders
// add csv-parse and Garmin's FIT SDK).
const ALLOWED = [
	/^\.\.?\//,
	/^@garmin\/fitsdk$/,
	/^csv-parse\/sync$/,
	/^\$lib\/api\//,
	/^\$lib\/time\//,
	/^node:/,
	/^csv-parse$/,
	/^saxes$/,
	/^yauzl$/,
	/^zod\/mini$/
];
const HERE = fileURLToPath(new URL('.', import.meta.url));

describe('the import module', () => {
	it('imports nothing outside its boundary', () => {
		const outside: string[] = [];
		for (const file of readdirSync(HERE, { recursive: true, encoding: 'utf8' })) {
			if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.startsWith('fixtures'))
				continue;
			const source = readFileSync(`${HERE}/${file}`, 'utf8');
			for (const match of source.matchAll(/^(?:import|export)[^;]*? from '([^']+)'/gms)) {
				const specifier = match[1] ?? '';
				if (!ALLOWED.some((rule) => rule.test(specifier))) outside.push(`${file}: ${specifier}`);
			}
		}
		expect(outside).toEqual([]);
	});
});
