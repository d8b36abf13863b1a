import { describe, expect, it } from 'vitest';
import { phaseTotals } from './sleep-phases';

describe('phaseTotals', () => {
	it('sums each stage to the next phase, the last to waking, and counts awakenings between sleeps only', () => {
		const totals = phaseTotals(
			[
				{ stage: 'awake', time: 0 },
				{ stage: 'light', time: 600 },
				{ stage: 'deep', time: 1800 },
				{ stage: 'awake', time: 3000 },
				{ stage: 'rem', time: 3300 },
				{ stage: 'awake', time: 4500 }
			],
			5000
		);
		expect(totals.seconds).toEqual({ awake: 600 + 300 + 500, light: 1200, deep: 1200, rem: 1200 });
		expect(totals.asleepAt).toBe(600);
		expect(totals.awokeAt).toBe(4500);
		expect(totals.awakenings).toBe(1);
	});

	it('a night never asleep has no asleep time and wakes at its end', () => {
		const totals = phaseTotals([{ stage: 'awake', time: 100 }], 700);
		expect(totals).toEqual({
			seconds: { awake: 600, light: 0, deep: 0, rem: 0 },
			asleepAt: null,
			awokeAt: 700,
			awakenings: 0
		});
	});
});
