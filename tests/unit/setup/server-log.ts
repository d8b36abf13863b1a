// Vitest setup: the server's log lines (logEvent in src/lib/server/redact.ts) go to a sink kept per
// test and are printed only when that test fails, so a passing run's output is the tests' own.
import { beforeEach } from 'vitest';
import { setLogSink } from '$lib/server/redact';

let lines: string[] = [];
setLogSink((line) => lines.push(line));

beforeEach(({ onTestFailed }) => {
	lines = [];
	onTestFailed(() => {
		if (lines.length > 0) process.stderr.write(`Server log of this test:\n${lines.join('\n')}\n`);
	});
});
