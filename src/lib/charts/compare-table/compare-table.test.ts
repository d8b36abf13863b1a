import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import CompareTable, { type CompareTableRow } from './CompareTable.svelte';
import { chartSvgMarkup } from '../testing/snapshot-markup';
import { changeDomain } from './compare-table';

// Two weeks of a named fixture: a gain, a loss, an unchanged metric and one with no reference.
const rows: CompareTableRow[] = [
	{
		id: 'steps',
		label: 'Steps',
		cells: ['9,120 steps', '7,600 steps'],
		change: 20,
		changeText: '+20%',
		verdict: 'better',
		verdictText: 'better'
	},
	{
		id: 'deep',
		label: 'Deep sleep',
		cells: ['1 h 30 min', '2 h 00 min'],
		change: -25,
		changeText: '\u221225%',
		verdict: 'worse',
		verdictText: 'worse'
	},
	{
		id: 'same',
		label: 'Awakenings',
		cells: ['1.0', '1.0'],
		change: 0,
		changeText: '0%',
		verdict: 'same',
		verdictText: 'about the same'
	},
	{ id: 'new', label: 'Workout time', cells: ['45 min', '–'], change: null, changeText: '–' }
];

function renderTable(bars = true) {
	const { body } = render(CompareTable, {
		props: {
			caption: 'This week against last week',
			columns: ['This week', 'Last week'],
			rows,
			bars
		}
	});
	return body;
}

describe('CompareTable', () => {
	it('lists every row with its cells and change under the given headings', () => {
		const html = renderTable();
		expect(html).toMatch(/<caption[^>]*>This week against last week<\/caption>/);
		expect(html.match(/<th scope="row"/g)).toHaveLength(4);
		expect(html).toMatch(/<th scope="col"[^>]*>Last week<\/th>/);
		expect(html).toMatch(
			/<td class="numeric change[^"]*" data-label="Change" data-verdict="worse">\u221225%(<!--\[0-->)?<span class="verdict[^"]*">worse<\/span>/
		);
	});

	it('draws a bar per known change, gains right of zero and losses left of it', () => {
		const svg = chartSvgMarkup(renderTable());
		const bars = [
			...svg.matchAll(
				/<rect class="bar"(?: data-verdict="\w+")? x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/g
			)
		];
		expect(bars).toHaveLength(3);
		const zero = Number(/<line class="zero" x1="([\d.]+)"/.exec(svg)?.[1]);
		const [gain, loss] = bars;
		expect(Number(gain?.[1])).toBe(zero);
		expect(Number(loss?.[1]) + Number(loss?.[2])).toBeCloseTo(zero, 1);
		// -25% is drawn longer than +20%.
		expect(Number(loss?.[2])).toBeGreaterThan(Number(gain?.[2]));
		expect(svg).toContain(
			'aria-label="Change per row: Steps +20% better, Deep sleep \u221225% worse, Awakenings 0% about the same, Workout time no change known"'
		);
		expect(svg).toContain('data-verdict="worse"');
	});

	it('matches the committed snapshot', async () => {
		await expect(chartSvgMarkup(renderTable())).toMatchFileSnapshot(
			'./__snapshots__/compare-table.svg'
		);
	});

	it('labels each cell with its heading, so a phone can stack a row', () => {
		expect(renderTable()).toMatch(
			/<td class="numeric[^"]*" data-label="Last week">7,600 steps<\/td>/
		);
	});

	it('puts the label of a short loss right of zero when it would run into the row names', () => {
		const small: CompareTableRow = {
			id: 'asleep',
			label: 'Time asleep',
			cells: ['7 h', '7 h'],
			change: -0.4,
			changeText: '-0.4%',
			verdict: 'same',
			verdictText: 'about the same'
		};
		// A large gain beside it puts zero near the row names.
		const gain: CompareTableRow = {
			id: 'steps',
			label: 'Steps',
			cells: ['9,120 steps', '5,100 steps'],
			change: 79,
			changeText: '+79%',
			verdict: 'better',
			verdictText: 'better'
		};
		const { body } = render(CompareTable, {
			props: { caption: 'c', columns: ['A', 'B'], rows: [small, gain], width: 320 }
		});
		const svg = chartSvgMarkup(body);
		const zero = Number(/<line class="zero" x1="([\d.]+)"/.exec(svg)?.[1]);
		const label =
			/<text class="value" x="([\d.]+)"[^>]*text-anchor="(\w+)">-0.4% about the same</.exec(svg);
		expect(label?.[2]).toBe('start');
		expect(Number(label?.[1])).toBeCloseTo(zero + 4, 1);
	});

	it('draws no chart when bars are off', () => {
		expect(renderTable(false)).not.toContain('<svg');
	});
});

describe('changeDomain', () => {
	it('spans the changes’ own range with room for labels, not a symmetric ±140 %', () => {
		// −26 to +79: a span of 105, and 31.5 more on each side.
		expect(changeDomain([-26, 2, 79, null])).toEqual([-57.5, 110.5]);
	});

	it('starts at zero when every change is a gain, and ends there when every one is a loss', () => {
		expect(changeDomain([10, 40])).toEqual([0, 52]);
		expect(changeDomain([-30, -5])).toEqual([-39, 0]);
	});

	it('keeps an axis of 20 % around small changes or none at all', () => {
		expect(changeDomain([-1, 1])).toEqual([-16, 16]);
		expect(changeDomain([null])).toEqual([0, 26]);
	});
});
