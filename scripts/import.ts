// Imports an Apple Health, Fitbit, Garmin Connect, Oura or UP export from the command line (`npm run import -- FILE`).
// The work is runImport's (import-cli.ts), which the unit tests also call in process.
import { runImport } from './import-cli';

const code = await runImport(process.argv.slice(2), {
	env: process.env,
	stdout: process.stdout,
	stderr: process.stderr
});
// A refused file or a usage error ends at once, as before; a finished import ends as its work does.
if (code !== 0) process.exit(code);
