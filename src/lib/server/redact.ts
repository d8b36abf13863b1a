// Keeps secrets out of log lines and error text: every server log goes through one redacting logger.

const REDACTED = '[redacted]';

// Secrets shorter than this would blank out ordinary words; config rules make real ones longer.
const MIN_SECRET_LENGTH = 6;

// Shapes that are secret whatever their value: bearer credentials, token fields in JSON or forms.
const secretShapes: readonly RegExp[] = [
	/(bearer\s+)[^\s"',;]+/gi,
	/((?:access_token|refresh_token|client_secret|secret|token)["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
	/([?&]code=)[^\s"'&#]+/gi
];

/** A function that hides every known secret value and secret-shaped text in a string. */
export type Redactor = (text: string) => string;

export function createRedactor(secrets: () => Iterable<string>): Redactor {
	return (text) => {
		let out = text;
		for (const secret of secrets()) {
			if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join(REDACTED);
		}
		for (const shape of secretShapes) out = out.replace(shape, `$1${REDACTED}`);
		return out;
	};
}

/** Secrets learned at run time (session tokens passing through), besides the configured ones. */
const runtimeSecrets = new Set<string>();
const MAX_RUNTIME_SECRETS = 256;
let configuredSecrets: readonly string[] = [];

/** Registers the configured secrets (token, client secret, session key) once at start. */
export function setConfiguredSecrets(secrets: readonly string[]): void {
	configuredSecrets = [...secrets];
}

/** Remembers a token seen at run time so it is hidden too; the oldest are forgotten first. */
export function rememberSecret(secret: string): void {
	if (runtimeSecrets.size >= MAX_RUNTIME_SECRETS) {
		const oldest = runtimeSecrets.values().next();
		if (oldest.done !== true) runtimeSecrets.delete(oldest.value);
	}
	runtimeSecrets.add(secret);
}

export const redact: Redactor = createRedactor(function* () {
	yield* configuredSecrets;
	yield* runtimeSecrets;
});

/** Text of any thrown value, with causes, for logs: redacted, never the raw object. */
export function describeError(error: unknown, redactor: Redactor = redact): string {
	const parts: string[] = [];
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
		if (current instanceof Error) {
			parts.push(`${current.name}: ${current.message}`);
			current = current.cause;
		} else {
			parts.push(typeof current === 'string' ? current : 'non-error value thrown');
			break;
		}
	}
	return redactor(parts.join(' <- '));
}

export type LogSink = (line: string) => void;

// Logs go to stderr as one line each; tests swap the sink to capture them.
let sink: LogSink = (line) => process.stderr.write(`${line}\n`);

export function setLogSink(next: LogSink): LogSink {
	const previous = sink;
	sink = next;
	return previous;
}

/** Logs an event with plain fields; every string passes through the redactor. */
export function logEvent(
	level: 'info' | 'warn' | 'error',
	event: string,
	fields: Readonly<Record<string, string | number | boolean | null>> = {}
): void {
	const safe: Record<string, string | number | boolean | null> = {};
	for (const [key, value] of Object.entries(fields)) {
		safe[key] = typeof value === 'string' ? redact(value) : value;
	}
	sink(redact(JSON.stringify({ level, event, ...safe })));
}
