// SVG snapshot of the Food view's chart, rendered on the server from its named fixture.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import IntakeBars from './IntakeBars.svelte';
import { intakeWeek } from '../testing/food-fixtures';
import { chartSvgMarkup } from '../testing/snapshot-markup';

describe('intake chart snapshot', () => {
	it('draws an unfinished week: bars eaten, the budget line, and a dash for each day without a record', async () => {
		const svg = chartSvgMarkup(render(IntakeBars, { props: { days: intakeWeek } }).body);
		const numbers = svg.match(/(?<=\s(?:x|y|width|height)=")[^"]+/g) ?? [];
		for (const value of numbers) expect(value).toMatch(/^-?\d+(\.\d{1,2})?$/);
		expect(svg.match(/class="bar"/g)).toHaveLength(4);
		expect(svg.match(/>–<\/text>/g)).toHaveLength(3);
		expect(svg).toContain('aria-label="Thu 26 Mar: no record, budget 1,620 kcal');
		await expect(svg).toMatchFileSnapshot('./__snapshots__/intake-bars.svg');
	});
});
