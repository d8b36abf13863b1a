// Which way each measure should move: whether a rise is better, worse or neither, and a change judged by it.
import type { BodyWeightIntent } from '$lib/api/goals';

/** Which way is better: `up` (more is better), `down` (less is better), or `neutral`. */
export type Better = 'up' | 'down' | 'neutral';

/** A change as read by its meaning; `higher` and `lower` are changes that are neither. */
export type Verdict = 'better' | 'worse' | 'same' | 'higher' | 'lower';

/**
 * The measures by series id. More movement and more sleep are better; time awake, waking, taking
 * long to fall asleep and a higher resting heart rate are worse; time in bed, light sleep,
 * bedtime and weight (without a goal intent) say nothing good or bad by themselves.
 */
const BETTER: Readonly<Record<string, Better>> = {
	'move.steps': 'up',
	'move.distance': 'up',
	'move.active_time': 'up',
	'move.inactive_time': 'down',
	'move.longest_active': 'up',
	'move.longest_idle': 'down',
	'move.calories': 'up',
	'move.bg_calories': 'up',
	'move.wo_calories': 'up',
	'move.wo_time': 'up',
	'move.wo_count': 'up',
	'move.bmr_day': 'neutral',
	'sleep.asleep': 'up',
	'sleep.duration': 'neutral',
	'sleep.deep': 'up',
	'sleep.light': 'neutral',
	'sleep.awake': 'down',
	'sleep.latency': 'down',
	'sleep.awakenings': 'down',
	'sleep.bedtime': 'neutral',
	'sleep.wake': 'neutral',
	'heart.resting': 'down',
	'body.weight': 'neutral',
	'body.fat': 'neutral'
};

/**
 * Which way is better for a measure. Weight follows the goal's intent (0 lose, 1 maintain, 2 gain)
 * when there is one; a measure not known here is neutral, so it is never coloured by guess.
 */
export function betterDirection(measure: string, weightIntent?: BodyWeightIntent | null): Better {
	if (measure === 'body.weight' && weightIntent !== undefined && weightIntent !== null) {
		return weightIntent === 0 ? 'down' : weightIntent === 2 ? 'up' : 'neutral';
	}
	return BETTER[measure] ?? 'neutral';
}

/** A change smaller than this many percent is "about the same". */
export const SAME_WITHIN_PCT = 1;

/**
 * A percent change judged by which way is better; null when the change is unknown. A change
 * within `sameWithin` percent either way is `same`; a neutral measure's change is `higher` or
 * `lower`.
 */
export function judgeChange(
	changePct: number | null,
	better: Better,
	sameWithin: number = SAME_WITHIN_PCT
): Verdict | null {
	if (changePct === null || !Number.isFinite(changePct)) return null;
	if (Math.abs(changePct) < sameWithin) return 'same';
	const rose = changePct > 0;
	if (better === 'neutral') return rose ? 'higher' : 'lower';
	return rose === (better === 'up') ? 'better' : 'worse';
}

/** The words a verdict is shown with, so colour never carries it alone. */
export const VERDICT_WORDS: Readonly<Record<Verdict, string>> = {
	better: 'better',
	worse: 'worse',
	same: 'about the same',
	higher: 'higher',
	lower: 'lower'
};
