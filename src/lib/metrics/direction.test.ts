import { describe, expect, it } from 'vitest';
import { betterDirection, judgeChange } from './direction';

describe('betterDirection', () => {
	it('counts more steps and more sleep as better', () => {
		expect(betterDirection('move.steps')).toBe('up');
		expect(betterDirection('sleep.asleep')).toBe('up');
	});

	it('counts more awakenings, time awake and a higher resting heart rate as worse', () => {
		expect(betterDirection('sleep.awakenings')).toBe('down');
		expect(betterDirection('sleep.awake')).toBe('down');
		expect(betterDirection('heart.resting')).toBe('down');
	});

	it('leaves bedtime, time in bed and an unknown measure neutral', () => {
		expect(betterDirection('sleep.bedtime')).toBe('neutral');
		expect(betterDirection('sleep.duration')).toBe('neutral');
		expect(betterDirection('food.unheard_of')).toBe('neutral');
	});

	it('judges weight by the goal intent: lose, maintain, gain, none', () => {
		expect(betterDirection('body.weight', 0)).toBe('down');
		expect(betterDirection('body.weight', 1)).toBe('neutral');
		expect(betterDirection('body.weight', 2)).toBe('up');
		expect(betterDirection('body.weight', null)).toBe('neutral');
		expect(betterDirection('body.weight')).toBe('neutral');
	});
});

describe('judgeChange', () => {
	it('calls a rise better where up is better and worse where down is', () => {
		expect(judgeChange(12.5, 'up')).toBe('better');
		expect(judgeChange(12.5, 'down')).toBe('worse');
		expect(judgeChange(-20, 'up')).toBe('worse');
		expect(judgeChange(-20, 'down')).toBe('better');
	});

	it('calls a change under one percent either way about the same', () => {
		expect(judgeChange(0.9, 'up')).toBe('same');
		expect(judgeChange(-0.9, 'down')).toBe('same');
		expect(judgeChange(0, 'neutral')).toBe('same');
		expect(judgeChange(1, 'up')).toBe('better');
	});

	it('says only higher or lower for a neutral measure', () => {
		expect(judgeChange(5, 'neutral')).toBe('higher');
		expect(judgeChange(-5, 'neutral')).toBe('lower');
	});

	it('has no verdict for an unknown change', () => {
		expect(judgeChange(null, 'up')).toBeNull();
		expect(judgeChange(Number.NaN, 'up')).toBeNull();
	});
});
