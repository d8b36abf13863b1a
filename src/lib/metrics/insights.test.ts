import { describe, expect, it } from 'vitest';
import type { MoodSubType } from '$lib/api';
import { addDays } from '$lib/time/zone';
import {
	afternoonNap,
	autumnNight,
	ordinaryNight,
	springForwardMove,
	springForwardNight,
	tripMove,
	TRIP_DATE,
	workdayMove
} from './testing/fixtures';
import { insightDays, insights, type InsightDay } from './insights';

const TODAY = 20260330;

/**
 * 1–28 March 2026: even days of the list follow an 8 h night, odd ones a 6 h night. Steps after
 * long nights are 10,000 and 11,000 (one day, 11 March, 23,456), after short ones 8,000 and 9,000;
 * moods Amazing after long nights, Meh after short ones except one Totally Done. One long night,
 * to 21 March, lasted 9 h 30 min. Today (30 March) has 30,000 steps so far.
 */
function march(count = 28): InsightDay[] {
	const days: InsightDay[] = [];
	for (let i = 0; i < count; i++) {
		const long = i % 2 === 0;
		let steps = long ? (i % 4 === 0 ? 10_000 : 11_000) : i % 4 === 1 ? 8_000 : 9_000;
		if (i === 10) steps = 23_456;
		let asleep = long ? 8 * 3600 : 6 * 3600;
		if (i === 20) asleep = 9.5 * 3600;
		const mood: MoodSubType = long ? 1 : i === 27 ? 7 : 4;
		days.push({ date: addDays(20260301, i), steps, asleep, mood });
	}
	days.push({ date: TODAY, steps: 30_000, asleep: null, mood: null });
	return days;
}

function find(findings: ReturnType<typeof insights>, id: string) {
	const finding = findings.find((f) => f.id === id);
	if (finding === undefined) throw new Error(`no finding ${id}`);
	return finding;
}

describe('insights', () => {
	it('compares steps after long and short nights, with how many days each side has', () => {
		const steps = find(insights(march(), { today: TODAY, stepGoal: null }), 'steps-after-sleep');
		// Long: (7 × 10,000 + 6 × 11,000 + 23,456) / 14 = 11,389.7; short: 8,500. Today left out.
		expect(steps).toMatchObject({ enough: true, basis: 'n = 14 vs 14 days' });
		expect(steps.text).toBe(
			'On days after 7 h or more of sleep you walked 2,890 more steps on average than after shorter nights (11,390 against 8,500).'
		);
	});

	it('compares the mood after long and short nights on the 8-point scale', () => {
		const mood = find(insights(march(), { today: TODAY, stepGoal: null }), 'mood-after-sleep');
		// Long: Amazing (8) every day; short: 13 × Meh (4) and one Totally Done (1) = 53 / 14.
		expect(mood.text).toContain('your mood scored 8.0 of 8 on average, against 3.8 after shorter');
		expect(mood.basis).toBe('n = 14 vs 14 days');
	});

	it('states no comparison under 14 days on a side, and says how many there are', () => {
		const findings = insights(march(27), { today: TODAY, stepGoal: null });
		const steps = find(findings, 'steps-after-sleep');
		expect(steps.enough).toBe(false);
		expect(steps.text).toBe(
			'Not enough days yet to compare: 14 days after long nights and 13 after short ones; each side needs 14.'
		);
		expect(steps.text).not.toMatch(/walked/);
		expect(find(findings, 'mood-after-sleep').enough).toBe(false);
		// A smaller minimum lets the same days speak.
		expect(
			find(
				insights(march(27), { today: TODAY, stepGoal: null, minSample: 13 }),
				'steps-after-sleep'
			).enough
		).toBe(true);
	});

	it('never speaks of a cause', () => {
		for (const finding of insights(march(), { today: TODAY, stepGoal: 10_000 })) {
			expect(finding.text).not.toMatch(/because|caus|leads? to|makes you/i);
		}
	});

	it('names the records with their dates, leaving out today while it is under way', () => {
		const findings = insights(march(), { today: TODAY, stepGoal: null });
		expect(find(findings, 'most-steps').text).toBe('23,456 steps on Wed 11 Mar 2026.');
		expect(find(findings, 'most-steps').basis).toBe('n = 28 days');
		expect(find(findings, 'longest-sleep').text).toBe(
			'9 h 30 min asleep in the night to Sat 21 Mar 2026.'
		);
	});

	it('counts the current and longest runs at the step goal; a day without a record breaks a run', () => {
		const steps = [
			12_000,
			12_000,
			12_000,
			5_000,
			11_000,
			10_000,
			null,
			10_500,
			10_001,
			10_000,
			4_000
		];
		const days = steps.map((value, i) => ({
			date: addDays(20260320, i),
			steps: value,
			asleep: null,
			mood: null
		}));
		const streak = find(insights(days, { today: TODAY, stepGoal: 10_000 }), 'step-streak');
		// Today (4,000 so far) is not over: the run of 27–29 March counts.
		expect(streak.text).toBe(
			'3 days in a row at 10,000 steps or more, up to today. Your longest run is 3 days, to Sun 29 Mar 2026.'
		);
		expect(streak.basis).toBe('n = 10 days');
	});
});

describe('insightDays', () => {
	it('dates each night by its wake date in its own zone and measures it asleep, across DST', () => {
		const days = insightDays(
			[workdayMove, springForwardMove, tripMove],
			[ordinaryNight.sleep, springForwardNight.sleep, autumnNight.sleep, afternoonNap.sleep],
			[{ date: 20260329, sub_type: 8 }]
		);
		expect(days.map((day) => day.date)).toEqual([20260323, 20260329, TRIP_DATE, 20261025]);
		// 23:10–06:55 is 465 min: 15 to fall asleep, 10 + 15 awake; the nap does not count.
		expect(days[0]?.asleep).toBe(425 * 60);
		// Spring forward: 23:00 CET to 07:00 CEST reads 8 h on the clock but is 7 h (420 min);
		// asleep 420 − 15 − 10 = 395 min, a short night.
		expect(days[1]).toMatchObject({ asleep: 395 * 60, mood: 8 });
		// Autumn: 23:30 CEST to 06:30 CET reads 7 h but is 8 h: asleep 480 − 15 − 10 − 30 = 425 min.
		expect(days[3]?.asleep).toBe(425 * 60);
		// The travel day keeps its own date and its steps from both zones.
		expect(days[2]).toMatchObject({ steps: tripMove.details.steps, asleep: null });
	});

	it('puts a spring-forward night on the short side and an autumn one on the long side', () => {
		const days = insightDays(
			[],
			[springForwardNight.sleep, autumnNight.sleep],
			[
				{ date: 20260329, sub_type: 4 },
				{ date: 20261025, sub_type: 1 }
			]
		);
		const mood = find(
			insights(days, { today: 20261101, stepGoal: null, minSample: 1 }),
			'mood-after-sleep'
		);
		expect(mood.text).toContain('scored 8.0 of 8 on average, against 4.0 after shorter nights');
		expect(mood.basis).toBe('n = 1 vs 1 days');
	});
});
