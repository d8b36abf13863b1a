// What the Insights view rests on: the last year of days, the findings drawn from them, and
// what each finding rests on while the year is still read, offline, or partly failed.
import type { GoalsV11, Move, Sleep } from '$lib/api';
import type { MoodDay } from '$lib/cache/moods';
import { basisOf, jointCoverage, mayJudge, type Coverage } from '$lib/coverage';
import { basisNote } from '$lib/format';
import { insightDays, insights, type Finding } from '$lib/metrics/insights';
import { addDays } from '$lib/time/zone';

/** Days looked back over, today included. */
export const INSIGHT_DAYS = 365;

/** The dates the findings read: the last year up to today. */
export function insightRange(today: number): { from: number; to: number } {
	return { from: addDays(today, -(INSIGHT_DAYS - 1)), to: today };
}

export const INSIGHTS_RULE =
	'Findings from your own records of the last 365 days. They show what went together, not what caused what; a comparison needs at least 14 days on each side before it is stated.';

/** What the year of each kind rests on. */
export interface InsightCoverage {
	moves: Coverage;
	sleeps: Coverage;
	moods: Coverage;
}

/** One finding as the page shows it. */
export interface InsightCard extends Finding {
	/**
	 * Held back while days of what it reads are still on their way: a "most", a "longest", a
	 * streak or a "not enough days yet" could change with the next window.
	 */
	held: boolean;
	/** What it rests on when not the whole year: "so far: 48 of 364 days", "based on the 29 days stored in this browser". */
	note: string | null;
}

/** The kinds each finding reads. */
const READS: Readonly<Record<Finding['id'], ReadonlyArray<keyof InsightCoverage>>> = {
	'steps-after-sleep': ['moves', 'sleeps'],
	'mood-after-sleep': ['sleeps', 'moods'],
	'most-steps': ['moves'],
	'longest-sleep': ['sleeps'],
	'step-streak': ['moves']
};

/** Findings that name an extreme or a run: said only of a year read to its end. */
const EXTREMES: ReadonlySet<Finding['id']> = new Set([
	'most-steps',
	'longest-sleep',
	'step-streak'
]);

export const HELD_TEXT =
	'Said once the whole year is read, so a day still on its way cannot change it.';

/** What a finding with no day to rest on says instead, by why it has none. */
const NONE_TEXT: Readonly<Record<'loading' | 'stored' | 'failed', string>> = {
	loading: HELD_TEXT,
	stored: 'None of these days is stored in this browser yet; it shows once you are online.',
	failed: 'None of these days could be loaded; Retry above asks again.'
};

/**
 * A finding with what it rests on. Held back while its year is read if it names an extreme or
 * too few days; and whenever it would rest on no day at all (offline with nothing stored, or every
 * read failed), since "not enough days" would then be a guess.
 */
export function insightCard(finding: Finding, coverage: InsightCoverage): InsightCard {
	const [first, ...rest] = READS[finding.id].map((kind) => coverage[kind]);
	if (!first) return { ...finding, held: false, note: null };
	const joint = jointCoverage(first, ...rest);
	const basis = basisOf(joint);
	const note = basisNote(basis);
	if (!basis.whole && basis.days === 0) {
		return { ...finding, text: NONE_TEXT[basis.why], basis: '', held: true, note };
	}
	const held = !mayJudge(joint) && (EXTREMES.has(finding.id) || !finding.enough);
	return held ? { ...finding, text: HELD_TEXT, basis: '', held, note } : { ...finding, held, note };
}

/** The findings of the year up to today, each with what it rests on. */
export function insightsModel(input: {
	moves: readonly Move[];
	sleeps: readonly Sleep[];
	moods: readonly MoodDay[];
	goals: GoalsV11 | null;
	today: number;
	coverage: InsightCoverage;
}): InsightCard[] {
	const days = insightDays(
		input.moves,
		input.sleeps,
		input.moods.map((entry) => entry.mood)
	);
	return insights(days, { today: input.today, stepGoal: input.goals?.move_steps ?? null }).map(
		(finding) => insightCard(finding, input.coverage)
	);
}
