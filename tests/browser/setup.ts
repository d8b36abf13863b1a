// Every component test starts on the app's theme tokens, in the zone every other test runs in.
import '../../src/app.css';

// Kathmandu is UTC+05:45 all year (Chromium's name for it is the older "Asia/Katmandu").
if (new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset() !== -345) {
	const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
	throw new Error(
		`Component tests run in Asia/Kathmandu (UTC+05:45), but this browser is in ${zone}`
	);
}
