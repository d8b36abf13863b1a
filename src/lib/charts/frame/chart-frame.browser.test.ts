// The chart frame in Chromium: hover, a finger's tap, arrow keys, Enter and Escape on a bar chart and a cursor chart.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { commands, userEvent, type Locator } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import type { Series } from '$lib/metrics/types';
import HourlyBars from '../hourly-bars/HourlyBars.svelte';
import LineChart from '../line-chart/LineChart.svelte';
import { hourlyWorkday } from '../testing/fixtures';

/** The box of an element, in CSS px of the page. */
function boxOf(locator: Locator): DOMRect {
	return locator.element().getBoundingClientRect();
}

/**
 * Waits until the chart has measured its box and laid itself out at that width: it first draws
 * at its default width, and a pointer aimed before the second layout would aim at the first.
 */
async function measured(plot: Locator): Promise<void> {
	const svg = plot.element();
	const box = svg.parentElement?.clientWidth;
	await expect.poll(() => svg.getAttribute('width')).toBe(String(box));
}

/** Which element has focus, as its accessible label (the bars' `aria-label`). */
function focusedLabel(): string | null {
	return document.activeElement?.getAttribute('aria-label') ?? null;
}

describe('the frame of a bar chart (the hours of a workday)', () => {
	/** The hours as a page shows them: choosing one (`onselect`), or only read (`selectable: false`). */
	async function renderHours({ selectable = true } = {}) {
		const onselect = vi.fn<(index: number) => void>();
		const screen = await render(HourlyBars, {
			bins: hourlyWorkday,
			...(selectable ? { onselect } : {})
		});
		const plot = screen.getByRole('group', { name: 'Steps per hour' });
		const hour = (label: string) =>
			screen.getByRole('gridcell', { name: new RegExp(`^${label}:`) });
		await measured(plot);
		return { screen, onselect, plot, hour, tooltip: screen.getByRole('tooltip') };
	}

	it('shows the hour nearest the mouse, even in the gap beside a bar, and hides it when the mouse leaves', async () => {
		const { plot, hour, tooltip } = await renderHours();
		await expect.element(tooltip).not.toBeInTheDocument();

		// Just left of the noon bar, in the gap before it: noon's middle is nearer than 11:00's.
		const svg = boxOf(plot);
		const noon = boxOf(hour('12:00'));
		const eleven = boxOf(hour('11:00'));
		expect(noon.left - eleven.right).toBeGreaterThan(2);
		await plot.hover({ position: { x: noon.left - svg.left - 1, y: noon.top - svg.top + 40 } });
		await expect.element(tooltip).toHaveTextContent('12:00');
		await expect.element(tooltip).toHaveTextContent('1,320 steps');
		await expect.element(tooltip).toHaveTextContent('Usual: 1,100 steps');

		await hour('17:00').hover();
		await expect.element(tooltip).toHaveTextContent('17:00');
		await expect.element(tooltip).toHaveTextContent('1,680 steps');

		await userEvent.unhover(plot);
		await expect.element(tooltip).not.toBeInTheDocument();
	});

	it('keeps what a finger tapped shown after the finger lifts, even a tap between two bars', async () => {
		const { plot, hour, tooltip } = await renderHours({ selectable: false });
		// Chromium focuses the bar a tap lands near, and focus alone would show its tip again; a
		// phone browser that gives no focus on a tap (Safari on iOS) is played by cancelling the
		// tap's mousedown, so only the frame's own rule can keep the tip after the finger lifts.
		const noFocus = (event: MouseEvent) => event.preventDefault();
		document.addEventListener('mousedown', noFocus, { capture: true });
		onTestFinished(() => document.removeEventListener('mousedown', noFocus, { capture: true }));
		// In the gap between the 07:00 and 08:00 bars, nearer 07:00.
		const svg = boxOf(plot);
		const seven = boxOf(hour('07:00'));
		const eight = boxOf(hour('08:00'));
		expect(eight.left - seven.right).toBeGreaterThan(2);
		await commands.tap(plot.selector, {
			x: seven.right - svg.left + (eight.left - seven.right) / 3,
			y: seven.top - svg.top + 40
		});
		await expect.element(tooltip).toHaveTextContent('07:00');
		await expect.element(tooltip).toHaveTextContent('1,450 steps');
		expect(focusedLabel()).toBeNull();

		// The finger has lifted and left the chart; a moment later the tip is still there.
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(tooltip.element()).toHaveTextContent('07:00');
	});

	it('chooses the hour a finger taps', async () => {
		const { onselect, hour, tooltip } = await renderHours();
		await commands.tap(hour('07:00').selector);
		await expect.element(tooltip).toHaveTextContent('07:00');
		expect(onselect).toHaveBeenLastCalledWith(7);

		await commands.tap(hour('18:00').selector);
		await expect.element(tooltip).toHaveTextContent('18:00');
		expect(onselect).toHaveBeenLastCalledWith(18);
	});

	it('moves focus from bar to bar with the arrow keys, Home and End, each bar showing its tip', async () => {
		const { hour, tooltip } = await renderHours();
		// One tab stop for the whole chart: the first hour.
		await userEvent.tab();
		expect(focusedLabel()).toMatch(/^00:00:/);
		await expect.element(tooltip).toHaveTextContent('00:00');

		for (let step = 0; step < 7; step += 1) await userEvent.keyboard('{ArrowRight}');
		expect(focusedLabel()).toMatch(/^07:00:/);
		await expect.element(hour('07:00')).toHaveAttribute('tabindex', '0');
		await expect.element(hour('00:00')).toHaveAttribute('tabindex', '-1');
		await expect.element(tooltip).toHaveTextContent('1,450 steps');

		await userEvent.keyboard('{ArrowLeft}');
		expect(focusedLabel()).toMatch(/^06:00:/);
		await userEvent.keyboard('{End}');
		expect(focusedLabel()).toMatch(/^23:00:/);
		await expect.element(tooltip).toHaveTextContent('23:00');
		await userEvent.keyboard('{Home}');
		expect(focusedLabel()).toMatch(/^00:00:/);
	});

	it('chooses the focused hour with Enter (and Space), and tells nothing when only moving', async () => {
		const { onselect } = await renderHours();
		await userEvent.tab();
		for (let step = 0; step < 8; step += 1) await userEvent.keyboard('{ArrowRight}');
		expect(onselect).not.toHaveBeenCalled();

		await userEvent.keyboard('{Enter}');
		expect(onselect).toHaveBeenCalledTimes(1);
		expect(onselect).toHaveBeenLastCalledWith(8);

		await userEvent.keyboard('{ArrowRight}');
		await userEvent.keyboard(' ');
		expect(onselect).toHaveBeenLastCalledWith(9);
	});

	it('closes the tip with Escape and keeps focus where it was', async () => {
		const { tooltip } = await renderHours();
		await userEvent.tab();
		await userEvent.keyboard('{ArrowRight}{ArrowRight}');
		await expect.element(tooltip).toHaveTextContent('02:00');

		await userEvent.keyboard('{Escape}');
		await expect.element(tooltip).not.toBeInTheDocument();
		expect(focusedLabel()).toMatch(/^02:00:/);

		// The next arrow goes on from the hour it was on.
		await userEvent.keyboard('{ArrowRight}');
		await expect.element(tooltip).toHaveTextContent('03:00');
	});
});

describe('the frame of a cursor chart (a week of steps as a line)', () => {
	/** Monday 23 to Sunday 29 March 2026. */
	const week: Series = {
		id: 'steps',
		label: 'Steps',
		unit: 'steps',
		points: [4200, 9100, 6300, 11800, 7400, 2500, 8800].map((value, index) => ({
			dateInt: 20260323 + index,
			value
		}))
	};

	async function renderWeek() {
		const screen = await render(LineChart, { series: [week] });
		const plot = screen.getByRole('group', { name: 'Steps' });
		const slider = screen.getByRole('slider');
		await measured(plot);
		return { screen, plot, slider, tooltip: screen.getByRole('tooltip') };
	}

	/** Where the plot's day `index` of 7 sits, in px from the SVG's left edge. */
	function dayX(plot: Locator, slider: Locator, index: number): number {
		const area = boxOf(slider);
		return area.left - boxOf(plot).left + (area.width * index) / 6;
	}

	it('reads the day nearest the mouse and hides it when the mouse leaves', async () => {
		const { plot, slider, tooltip } = await renderWeek();
		const y = boxOf(slider).top - boxOf(plot).top + 20;
		// Two thirds of the way from Tuesday to Wednesday: Wednesday is nearer.
		const x = dayX(plot, slider, 1) + ((dayX(plot, slider, 2) - dayX(plot, slider, 1)) * 2) / 3;
		await plot.hover({ position: { x, y } });
		await expect.element(tooltip).toHaveTextContent('Wed 25 Mar');
		await expect.element(tooltip).toHaveTextContent('Steps: 6,300 steps');

		await plot.hover({ position: { x: dayX(plot, slider, 3) - 3, y } });
		await expect.element(tooltip).toHaveTextContent('Thu 26 Mar');
		await expect.element(tooltip).toHaveTextContent('11,800 steps');

		await userEvent.unhover(plot);
		await expect.element(tooltip).not.toBeInTheDocument();
	});

	it('keeps the day a finger tapped shown after the finger lifts', async () => {
		const { plot, slider, tooltip } = await renderWeek();
		const y = boxOf(slider).top - boxOf(plot).top + 20;
		await commands.tap(plot.selector, { x: dayX(plot, slider, 5) + 2, y });
		await expect.element(tooltip).toHaveTextContent('Sat 28 Mar');
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(tooltip.element()).toHaveTextContent('2,500 steps');
	});

	it('moves the cursor with the arrow keys, says where it is, and closes with Escape', async () => {
		const { slider, tooltip } = await renderWeek();
		await userEvent.tab();
		await expect.element(slider).toHaveFocus();
		await expect.element(tooltip).toHaveTextContent('Mon 23 Mar');

		await userEvent.keyboard('{ArrowRight}{ArrowRight}');
		await expect.element(tooltip).toHaveTextContent('Wed 25 Mar');
		await expect.element(slider).toHaveAttribute('aria-valuenow', '2');
		await expect
			.element(slider)
			.toHaveAttribute('aria-valuetext', 'Wed 25 Mar. Steps: 6,300 steps');

		await userEvent.keyboard('{End}');
		await expect.element(tooltip).toHaveTextContent('Sun 29 Mar');

		await userEvent.keyboard('{Escape}');
		await expect.element(tooltip).not.toBeInTheDocument();
		await expect.element(slider).toHaveFocus();

		// Enter reads the day the cursor was on again.
		await userEvent.keyboard('{Enter}');
		await expect.element(tooltip).toHaveTextContent('Sun 29 Mar');
	});
});
