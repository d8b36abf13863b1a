import { describe, expect, it } from 'vitest';
import { moodColor, moodName, moodRank, moodScore } from './mood';

describe('the mood scale', () => {
	it('puts Good (sub_type 8) between Energized (3) and Meh (4)', () => {
		expect(moodRank(3)).toBe(3);
		expect(moodRank(8)).toBe(4);
		expect(moodRank(4)).toBe(5);
		expect(moodRank(7)).toBe(8);
	});

	it('scores the best mood 8 and the worst 1', () => {
		expect(moodScore(1)).toBe(8);
		expect(moodScore(8)).toBe(5);
		expect(moodScore(7)).toBe(1);
	});

	it('names each mood and colours it by its place', () => {
		expect(moodName(8)).toBe('Good');
		expect(moodName(7)).toBe('Totally Done');
		expect(moodColor(moodRank(8))).toBe('var(--mood-4)');
	});
});
