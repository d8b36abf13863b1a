import { describe, expect, it } from 'vitest';
import { choiceColumns } from './choice-columns';

// "Steps", "Active calories", "Distance", "Active time": 5, 15, 8 and 11 characters.
const MEASURE = [5, 15, 8, 11];

describe('choiceColumns', () => {
	it('keeps every choice on one row when they fit', () => {
		// 39 characters × 7.8 px + 4 × 26 px = 408.2 px.
		expect(choiceColumns(MEASURE, 409)).toBe(4);
		expect(choiceColumns([3, 4, 5, 4], 300)).toBe(4);
	});

	it('makes two rows of two rather than three and one alone', () => {
		// Too narrow for one row; three columns of the widest (143 px) would fit in 429 px but
		// leave one choice alone, so two columns.
		expect(choiceColumns(MEASURE, 408)).toBe(2);
		// On a 320 px phone: 288 px of room, two columns of 143 px fit.
		expect(choiceColumns(MEASURE, 288)).toBe(2);
	});

	it('stacks the choices when not even two fit side by side', () => {
		expect(choiceColumns(MEASURE, 280)).toBe(1);
		// Three choices never make two and one: they stack.
		expect(choiceColumns([10, 10, 10], 300)).toBe(1);
	});

	it('makes the rows as even as they can be', () => {
		// Six labels of 6 characters: 72.8 px each, four fit in 300 px; two rows of three, not
		// four and two.
		expect(choiceColumns([6, 6, 6, 6, 6, 6], 300)).toBe(3);
		// Five: three and two.
		expect(choiceColumns([6, 6, 6, 6, 6], 300)).toBe(3);
		// Seven where three fit: rows of three or of two would leave one alone on the last, so
		// they stack.
		expect(choiceColumns([6, 6, 6, 6, 6, 6, 6], 230)).toBe(1);
	});

	it('keeps one row until the room is known, and a lone choice in its row', () => {
		expect(choiceColumns(MEASURE, null)).toBe(4);
		expect(choiceColumns([20], 10)).toBe(1);
		expect(choiceColumns([], 100)).toBe(1);
	});
});
