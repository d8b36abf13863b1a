// Sleep-analysis samples (in bed, awake, core, deep, REM) → sleeps with phases, REM seconds and the wake date.
import type { Sleep, SleepTick } from '$lib/api/records';
import { hoursAndMinutes, localDateAt } from './health-time';
import { phaseTotals, type Phase } from './sleep-phases';
import type { SourceRanking } from './sources';
import { importXid } from './xid';
import type { ZoneNamer } from './zone-names';

export type SleepStage = 'in_bed' | 'awake' | 'light' | 'deep' | 'rem';

/** The export's category values, old and new. "Core" and "unspecified" asleep are light sleep. */
export const SLEEP_STAGES: Readonly<Record<string, SleepStage>> = {
	HKCategoryValueSleepAnalysisInBed: 'in_bed',
	HKCategoryValueSleepAnalysisAwake: 'awake',
	HKCategoryValueSleepAnalysisAsleep: 'light',
	HKCategoryValueSleepAnalysisAsleepUnspecified: 'light',
	HKCategoryValueSleepAnalysisAsleepCore: 'light',
	HKCategoryValueSleepAnalysisAsleepDeep: 'deep',
	HKCategoryValueSleepAnalysisAsleepREM: 'rem'
};

export interface SleepSample {
	start: number;
	end: number;
	/** Offset (minutes east of UTC) written on the sample's end date. */
	endOffset: number;
	stage: SleepStage;
	source: number;
}

/** Samples further apart than this belong to different sleeps. */
const SESSION_GAP = 3600;
/** A sleep shorter than this is a nap (`sub_type` 2), as the API files a sleep it is sent. */
const NAP_MAX_SEC = 3 * 3600;
/** A nap this short or shorter is a power nap (`sub_type` 1). */
const POWER_NAP_MAX_SEC = 30 * 60;
/**
 * Depth of a phase tick: 1 awake, 2 light, 3 deep as the API has them, and 4 for REM, this
 * project's extension of the API's depths (records.ts), which the dashboard draws as a REM row.
 */
const DEPTH: Record<Exclude<SleepStage, 'in_bed'>, 1 | 2 | 3 | 4> = {
	awake: 1,
	light: 2,
	rem: 4,
	deep: 3
};

/**
 * Groups samples into sleeps and builds each one. Samples less than an hour apart form one sleep.
 * Its stages come from one source: the highest-ranked source that recorded stages in it (the
 * watch); "in bed" samples of any source only widen the sleep's start and end. A sleep with no
 * asleep stage at all (in bed only) is no sleep and is skipped.
 */
export function* buildSleeps(
	samples: SleepSample[],
	ranking: SourceRanking,
	skip: (reason: string) => void,
	namer: ZoneNamer
): Generator<{ record: Sleep; ticks: SleepTick[] }> {
	samples.sort((a, b) => a.start - b.start || a.end - b.end);
	let session: SleepSample[] = [];
	let sessionEnd = -Infinity;
	const finish = () => {
		const built = session.length > 0 ? buildSleep(session, ranking, namer) : null;
		if (session.length > 0 && !built) skip('sleeps: in bed without any asleep stage');
		session = [];
		return built;
	};
	for (const sample of samples) {
		if (sample.start > sessionEnd + SESSION_GAP) {
			const built = finish();
			if (built) yield built;
			sessionEnd = -Infinity;
		}
		session.push(sample);
		sessionEnd = Math.max(sessionEnd, sample.end);
	}
	const built = finish();
	if (built) yield built;
}

function buildSleep(
	session: readonly SleepSample[],
	ranking: SourceRanking,
	namer: ZoneNamer
): { record: Sleep; ticks: SleepTick[] } | null {
	let best = 0;
	for (const sample of session) {
		if (sample.stage !== 'in_bed' && (best === 0 || ranking.prefers(sample.source, best)))
			best = sample.source;
	}
	const stages = session.filter((sample) => sample.stage !== 'in_bed' && sample.source === best);
	if (!stages.some((sample) => sample.stage !== 'awake')) return null;
	let bed = Infinity;
	let wake = -Infinity;
	let wakeOffset = 0;
	for (const sample of session) {
		if (sample.stage !== 'in_bed' && sample.source !== best) continue;
		bed = Math.min(bed, sample.start);
		if (sample.end >= wake) {
			wake = sample.end;
			wakeOffset = sample.endOffset;
		}
	}
	// Phases: one per stage sample (overlaps clipped), gaps between samples read as awake, and an
	// awake phase from the last stage to the end of the time in bed, because the API's last phase
	// lasts until time_completed.
	const phases: Phase[] = [];
	let cursor = -Infinity;
	for (const sample of stages) {
		if (sample.stage === 'in_bed') continue;
		const start = Math.max(sample.start, cursor);
		if (sample.end <= start) continue;
		if (cursor > -Infinity && start > cursor) phases.push({ stage: 'awake', time: cursor });
		if (phases[phases.length - 1]?.stage !== sample.stage)
			phases.push({ stage: sample.stage, time: start });
		cursor = sample.end;
	}
	if (cursor < wake) phases.push({ stage: 'awake', time: cursor });
	const { seconds, asleepAt, awokeAt, awakenings } = phaseTotals(phases, wake);
	const asleep = seconds.light + seconds.deep + seconds.rem;
	const duration = wake - bed;
	// The API's own rule (its sleep create call): shorter than a night is a nap, whatever the
	// hour; the demo's power naps are the ones of half an hour or less.
	const subType = duration < NAP_MAX_SEC ? (duration <= POWER_NAP_MAX_SEC ? 1 : 2) : 0;
	const firstStage = stages[0]?.start ?? bed;
	const xid = importXid('apple_health', 'sleep', firstStage);
	const tz = namer.name(wake, wakeOffset);
	return {
		record: {
			xid,
			title: `for ${hoursAndMinutes(asleep)}`,
			type: 'sleep',
			sub_type: subType,
			time_created: bed,
			time_completed: wake,
			date: localDateAt(wake, wakeOffset),
			place_lat: null,
			place_lon: null,
			place_acc: null,
			place_name: null,
			snapshot_image: null,
			details: {
				smart_alarm_fire: 0,
				awake_time: awokeAt,
				asleep_time: asleepAt ?? bed,
				awakenings,
				rem: seconds.rem,
				light: seconds.light,
				deep: seconds.deep,
				awake: seconds.awake,
				duration,
				tz,
				import_source: 'apple_health'
			}
		},
		ticks: phases.map((phase) => ({ depth: DEPTH[phase.stage], time: phase.time }))
	};
}
