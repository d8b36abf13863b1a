import { describe, expect, it } from 'vitest';
import type { GoalGauge } from '$lib/metrics/types';
import { gaugeLabel, goalGaugesLayout, goalStatus } from './goal-gauges';

const steps: GoalGauge = {
	goal: 'steps',
	remaining: 2500,
	target: 10000,
	achieved: 7500,
	unit: 'steps',
	exceeded: false
};
const sleep: GoalGauge = {
	goal: 'sleep',
	remaining: -1800,
	target: 28800,
	achieved: 30600,
	unit: 'seconds',
	exceeded: true
};
const intake: GoalGauge = {
	goal: 'intake_calories',
	remaining: 0,
	target: null,
	achieved: 1200,
	unit: 'kcal',
	exceeded: false
};

describe('goal gauges', () => {
	it('says what is done against the goal, then what remains, and what is left of the calorie budget', () => {
		expect(goalStatus(steps)).toBe('7,500 of 10,000 steps, 2,500 to go');
		expect(goalStatus({ ...steps, remaining: 0, achieved: 10000 })).toBe(
			'10,000 of 10,000 steps, goal met'
		);
		expect(goalStatus({ ...steps, remaining: -2400, achieved: 12400, exceeded: true })).toBe(
			'12,400 of 10,000 steps, goal met'
		);
		expect(goalStatus(intake)).toBe('0 kcal left today');
		expect(goalStatus({ ...intake, remaining: 640.4 })).toBe('640 kcal left today');
		expect(goalStatus({ ...intake, remaining: -150, exceeded: true })).toBe('150 kcal over budget');
	});

	it('reads last night as a finished night against the goal, never as time to go', () => {
		expect(goalStatus(sleep)).toBe('8 h 30 min of 8 h');
		const short = { ...sleep, remaining: 2880, achieved: 25920, exceeded: false };
		expect(goalStatus(short)).toBe('7 h 12 min of 8 h');
		expect(goalStatus({ ...short, target: null, achieved: null })).toBe('48 min short of the goal');
		expect(goalStatus({ ...sleep, target: null, achieved: null })).toBe('Goal met by 30 min');
	});

	it('says no night has ended today rather than a night of 0 min', () => {
		const none = { ...sleep, remaining: 28800, achieved: 0, exceeded: false };
		expect(goalStatus(none)).toBe('No night recorded yet today');
	});

	it('says what remains when the goal’s size is not known', () => {
		expect(goalStatus({ ...steps, target: null, achieved: null })).toBe('2,500 steps to go');
		expect(goalStatus({ ...steps, target: null, achieved: null, remaining: 0 })).toBe('Goal met');
	});

	it('fills the track by the share achieved, capped at full', () => {
		const layout = goalGaugesLayout([steps, sleep, intake], 400, 120);
		expect(layout.rows[0]?.fillWidth).toBe(300);
		expect(layout.rows[1]?.progress).toBeCloseTo(30600 / 28800, 5);
		expect(layout.rows[1]?.fillWidth).toBe(400);
		expect(layout.rows[2]?.progress).toBeNull();
		expect(layout.rows[2]?.fillWidth).toBe(0);
	});

	it('draws the calories eaten past the budget as their own length after the budget', () => {
		const over: GoalGauge = {
			...intake,
			remaining: -312,
			target: 2000,
			achieved: 2312,
			exceeded: true
		};
		const row = goalGaugesLayout([over], 400, 40).rows[0];
		// 2,312 kcal span the track: the 2,000 kcal budget takes 2000/2312 of its 400 px.
		expect(row?.fillWidth).toBe(346.02);
		expect(row?.overflowWidth).toBe(53.98);
		expect(row?.status).toBe('312 kcal over budget');
		expect(row && gaugeLabel(row)).toBe(
			'Calories eaten ! 312 kcal over budget: 2,312 kcal eaten of a 2,000 kcal budget'
		);
		const within = goalGaugesLayout(
			[{ ...over, remaining: 500, achieved: 1500, exceeded: false }],
			400,
			40
		).rows[0];
		expect(within?.fillWidth).toBe(300);
		expect(within?.overflowWidth).toBe(0);
	});

	it('reads the numbers out for screen readers', () => {
		const layout = goalGaugesLayout([steps], 400, 40);
		const row = layout.rows[0];
		expect(row && gaugeLabel(row)).toBe('Steps 7,500 of 10,000 steps, 2,500 to go');
		const night = goalGaugesLayout([sleep], 400, 40).rows[0];
		expect(night && gaugeLabel(night)).toBe('Sleep last night ✓ 8 h 30 min of 8 h');
	});
});
