// What a night's phases add up to, as every importer reads them: the API's sleep totals.

export type PhaseStage = 'awake' | 'light' | 'deep' | 'rem';

/** A phase starts at `time` and lasts until the next one (the last until waking). */
export interface Phase {
	stage: PhaseStage;
	time: number;
}

export interface PhaseTotals {
	/** Seconds in each stage. */
	seconds: Record<PhaseStage, number>;
	/** The start of the first phase asleep; null when none is. */
	asleepAt: number | null;
	/** The end of the last phase asleep (`wake` when none is). */
	awokeAt: number;
	/** Awake phases between two asleep ones. */
	awakenings: number;
}

/** The totals of phases in time order, the last lasting until `wake`. */
export function phaseTotals(phases: readonly Phase[], wake: number): PhaseTotals {
	const seconds: Record<PhaseStage, number> = { awake: 0, light: 0, deep: 0, rem: 0 };
	let lastAsleep = -1;
	phases.forEach((phase, i) => {
		if (phase.stage !== 'awake') lastAsleep = i;
	});
	let asleepAt: number | null = null;
	let awokeAt = wake;
	let awakenings = 0;
	phases.forEach((phase, i) => {
		const until = phases[i + 1]?.time ?? wake;
		seconds[phase.stage] += until - phase.time;
		if (phase.stage !== 'awake') {
			asleepAt ??= phase.time;
			awokeAt = until;
		} else if (asleepAt !== null && i < lastAsleep) awakenings++;
	});
	return { seconds, asleepAt, awokeAt, awakenings };
}
