import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './tests/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
const origin = `http://127.0.0.1:${port}`;

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	workers: 2,
	retries: 0,
	timeout: 30_000,
	reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
	use: {
		baseURL: origin,
		// A zone unlike the demo user's: what the page shows must come from the records' own zones.
		timezoneId: 'Asia/Kathmandu',
		locale: 'en-GB',
		trace: 'off'
	},
	projects: [
		{
			name: 'chromium',
			use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch }
		}
	],
	webServer: {
		command: 'node build',
		url: `${origin}/`,
		reuseExistingServer: false,
		timeout: 60_000,
		env: {
			HOST: '127.0.0.1',
			PORT: String(port),
			ORIGIN: origin,
			NUDGE_REFERENCE_NOW: '2026-03-30T18:00:00Z',
			// A fresh in-memory database each run: nothing a run writes (or an earlier demo) leaks in.
			NUDGE_REFERENCE_DATA_DIR: 'memory',
			NUDGE_ACCESS_TOKEN: 'e2e-static-token-must-never-reach-the-browser'
		}
	}
});
