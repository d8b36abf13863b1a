// How this machine's Chromium (Debian's, never a Playwright download) is launched, for the e2e and component tests.

/** Debian's Chromium with the flags it needs here (no sandbox, no GPU, nothing phoning home). */
export const chromiumLaunch = {
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: [
		'--headless',
		'--no-sandbox',
		'--disable-gpu',
		'--disable-quic',
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
		'--no-first-run'
	]
};
