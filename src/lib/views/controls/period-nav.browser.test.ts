// PeriodNav in Chromium: previous, next and today by mouse and keys, nothing offered after today.
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import PeriodNav from './PeriodNav.svelte';
import type { Span } from './periods';

/** Monday 30 March 2026. */
const TODAY = 20260330;

async function renderNav(date: number, span: Span) {
	const ongo = vi.fn<(date: number | null) => void>();
	const screen = await render(PeriodNav, { date, span, today: TODAY, ongo });
	const button = (name: string) => screen.getByRole('button', { name });
	return { screen, ongo, button };
}

describe('PeriodNav', () => {
	it('steps a week back and forth from an earlier week, and goes back to today', async () => {
		const { screen, ongo, button } = await renderNav(20260318, 'week');
		await expect.element(screen.getByText('16 Mar – 22 Mar 2026')).toBeVisible();

		await button('Previous week').click();
		expect(ongo).toHaveBeenLastCalledWith(20260311);
		await button('Next week').click();
		expect(ongo).toHaveBeenLastCalledWith(20260325);
		await button('Today').click();
		expect(ongo).toHaveBeenLastCalledWith(null);
		expect(ongo).toHaveBeenCalledTimes(3);
	});

	it('offers nothing after the week of today: Next and Today are marked unavailable and do nothing', async () => {
		const { screen, ongo, button } = await renderNav(TODAY, 'week');
		await expect.element(screen.getByText('30 Mar – 5 Apr 2026')).toBeVisible();
		await expect.element(button('Next week')).toHaveAttribute('aria-disabled', 'true');
		await expect.element(button('Today')).toHaveAttribute('aria-disabled', 'true');
		await expect.element(button('Previous week')).not.toHaveAttribute('aria-disabled', 'true');

		// A person can still press them (they are not `disabled`, so they keep focus): force the click
		// past Playwright's wait for an enabled button.
		await button('Next week').click({ force: true });
		await button('Today').click({ force: true });
		expect(ongo).not.toHaveBeenCalled();
		await button('Previous week').click();
		expect(ongo).toHaveBeenCalledExactlyOnceWith(20260323);
	});

	it('lets a month end on a shorter month and names the span in its buttons', async () => {
		const { screen, ongo, button } = await renderNav(20260131, 'month');
		await expect.element(screen.getByText('Jan 2026')).toBeVisible();
		await button('Previous month').click();
		expect(ongo).toHaveBeenLastCalledWith(20251231);
		await button('Next month').click();
		expect(ongo).toHaveBeenLastCalledWith(20260228);
	});

	it('is used from the keyboard: Tab reaches each button, Enter and Space press it', async () => {
		const { ongo, button } = await renderNav(20260318, 'week');
		await userEvent.tab();
		await expect.element(button('Previous week')).toHaveFocus();
		await userEvent.keyboard('{Enter}');
		expect(ongo).toHaveBeenLastCalledWith(20260311);

		await userEvent.tab();
		await expect.element(button('Next week')).toHaveFocus();
		await userEvent.keyboard(' ');
		expect(ongo).toHaveBeenLastCalledWith(20260325);

		await userEvent.tab();
		await expect.element(button('Today')).toHaveFocus();
		await userEvent.keyboard('{Enter}');
		expect(ongo).toHaveBeenLastCalledWith(null);
	});

	it('keeps an unavailable button in the tab order, where a key press does nothing', async () => {
		const { ongo, button } = await renderNav(TODAY, 'day');
		await userEvent.tab();
		await userEvent.tab();
		await expect.element(button('Next day')).toHaveFocus();
		await userEvent.keyboard('{Enter}');
		await userEvent.keyboard(' ');
		expect(ongo).not.toHaveBeenCalled();
	});

	it('says the new period when the page moves to it', async () => {
		const { screen } = await renderNav(20260318, 'week');
		const current = screen.getByText('16 Mar – 22 Mar 2026');
		await expect.element(current).toHaveAttribute('aria-live', 'polite');
		await screen.rerender({ date: 20260311 });
		await expect.element(screen.getByText('9 Mar – 15 Mar 2026')).toBeVisible();
	});
});
