// Runs async jobs with a bounded number in flight, so a backfill never floods the proxy.

/**
 * Calls `job` for every input with at most `concurrency` running at once, in input order, except
 * that a free slot takes the first input not yet started that `prefer` (asked at that moment)
 * picks. Every job runs (a failed window must not lose the others); the outcome of each is returned
 * in input order. Once `signal` aborts, jobs not yet started are reported as rejected with its reason.
 */
export async function mapPool<I, O>(
	inputs: readonly I[],
	concurrency: number,
	job: (input: I, index: number) => Promise<O>,
	signal?: AbortSignal,
	prefer?: (input: I) => boolean
): Promise<PromiseSettledResult<O>[]> {
	const results: PromiseSettledResult<O>[] = new Array<PromiseSettledResult<O>>(inputs.length);
	const started = new Array<boolean>(inputs.length).fill(false);
	let nextIndex = 0;

	function take(): number {
		while (nextIndex < inputs.length && started[nextIndex]) nextIndex++;
		let index = nextIndex;
		if (index >= inputs.length) return index;
		if (prefer) {
			for (let at = nextIndex; at < inputs.length; at++) {
				const input = inputs[at];
				if (!started[at] && input !== undefined && prefer(input)) {
					index = at;
					break;
				}
			}
		}
		started[index] = true;
		return index;
	}

	async function worker(): Promise<void> {
		for (;;) {
			const index = take();
			if (index >= inputs.length) return;
			const input = inputs[index];
			if (input === undefined) continue;
			if (signal?.aborted) {
				const reason: unknown = signal.reason;
				results[index] = { status: 'rejected', reason };
				continue;
			}
			try {
				results[index] = { status: 'fulfilled', value: await job(input, index) };
			} catch (reason) {
				results[index] = { status: 'rejected', reason };
			}
		}
	}

	const workers = Array.from({ length: Math.max(1, Math.min(concurrency, inputs.length)) }, () =>
		worker()
	);
	await Promise.all(workers);
	return results;
}
