// Prints one closing line over every suite: each static stage counts as one check, each unit
// and end-to-end test as one more. Exits non-zero when anything failed.
import { existsSync, readFileSync } from 'node:fs';

const stages = readFileSync('.reports/stages.txt', 'utf8').trim().split('\n').filter(Boolean);
let passed = 0;
let failed = 0;
const failures = [];

for (const line of stages) {
	const [verdict, name] = line.split(' ');
	if (name === 'unit' || name === 'e2e') continue;
	if (verdict === 'pass') passed++;
	else {
		failed++;
		failures.push(name);
	}
}

function readJson(path) {
	return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

const vitest = readJson('.reports/vitest.json');
if (vitest) {
	passed += vitest.numPassedTests;
	failed += vitest.numFailedTests;
	if (vitest.numFailedTests > 0 || (!vitest.success && vitest.numFailedTests === 0)) {
		failures.push('unit');
		if (vitest.numFailedTests === 0) failed++;
	}
} else if (stages.some((s) => s.endsWith(' unit'))) {
	failed++;
	failures.push('unit (no report)');
}

const playwright = readJson('.reports/playwright.json');
if (playwright) {
	const s = playwright.stats;
	passed += s.expected + s.flaky;
	failed += s.unexpected;
	if (s.unexpected > 0 || playwright.errors?.length) failures.push('e2e');
	if (s.unexpected === 0 && playwright.errors?.length) failed++;
} else if (stages.some((s) => s.includes(' e2e'))) {
	failed++;
	failures.push('e2e (no report)');
}

console.log('');
if (failures.length) console.log(`failed stages: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
