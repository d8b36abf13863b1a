// SVG snapshot of the Food view's chart, rendered on the server from its named fixture.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import IntakeBars from './IntakeBars.svelte';
import { intakeWeek, intakeWeekReading } from '../testing/food-fixtures';
import { chartSvgMarkup } from '../testing/snapshot-markup';

describe('intake chart snapshot', () => {
	it('draws an unfinished week: bars eaten, today hollow, the budget line, a dash for the day without a record and nothing for days to come', async () => {
		const svg = chartSvgMarkup(render(IntakeBars, { props: { days: intakeWeek } }).body);
		const numbers = svg.match(/(?<=\s(?:x|y|width|height)=")[^"]+/g) ?? [];
		for (const value of numbers) expect(value).toMatch(/^-?\d+(\.\d{1,2})?$/);
		expect(svg.match(/class="bar[ "]/g)).toHaveLength(4);
		expect(svg.match(/class="bar underway/g)).toHaveLength(1);
		expect(svg.match(/>–<\/text>/g)).toHaveLength(1);
		expect(svg).toContain('aria-label="Thu 26 Mar: no record, budget 1,620 kcal');
		expect(svg).toContain('aria-label="Sat 28 Mar: not yet"');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/intake-bars.svg');
	});

	it('draws a week still read: days not read yet and a failed day outlined, never a dash', async () => {
		const svg = chartSvgMarkup(render(IntakeBars, { props: { days: intakeWeekReading } }).body);
		expect(svg.match(/class="gap/g)).toHaveLength(3);
		expect(svg.match(/>–<\/text>/g)).toBeNull();
		expect(svg).toContain('aria-label="Mon 23 Mar: not read yet"');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/intake-bars-reading.svg');
	});
});
