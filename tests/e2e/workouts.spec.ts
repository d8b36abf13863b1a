// The Workouts view and one workout's page against the embedded demo API, read back through the proxy.
import { expect, test, type APIRequestContext } from '@playwright/test';
import * as z from 'zod/mini';

const API = '/api/nudge/v.1.1';
/** The last workout before the pinned "now" (30 March 2026) is Sunday's walk. */
const LAST_WORKOUT_DATE = 20260329;

const workoutSchema = z.object({
	xid: z.string(),
	sub_type: z.number(),
	date: z.number(),
	details: z.object({ time: z.number(), meters: z.number(), tz: z.string() })
});

async function workoutsOn(request: APIRequestContext, date: number) {
	const response = await request.get(`${API}/users/@me/workouts?date=${date}`);
	expect(response.ok()).toBe(true);
	const body: unknown = await response.json();
	return z.object({ data: z.object({ items: z.array(workoutSchema) }) }).parse(body).data.items;
}

/** "1 h 33 min", "50 min": how the page writes a duration (rounded to the minute). */
function duration(seconds: number): string {
	const minutes = Math.round(seconds / 60);
	const h = Math.floor(minutes / 60);
	const m = minutes % 60;
	if (h === 0) return `${m} min`;
	return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

test('Workouts draws weekly volume, the month and records, and the list matches the API', async ({
	page,
	request
}) => {
	await page.goto('/workouts');
	const bars = page.getByRole('group', { name: 'Time of workouts per week' });
	await expect(bars.getByRole('gridcell')).toHaveCount(12);
	await expect(bars.locator('rect.bar').first()).toBeVisible();

	const [walk] = await workoutsOn(request, LAST_WORKOUT_DATE);
	if (!walk) throw new Error(`the demo has no workout on ${LAST_WORKOUT_DATE}`);
	const first = page
		.getByRole('list', { name: 'Workouts in Mar 2026' })
		.getByRole('listitem')
		.first();
	await expect(first).toContainText('Sun 29 Mar');
	await expect(first).toContainText(`${(walk.details.meters / 1000).toFixed(1)} km`);
	await expect(first).toContainText(duration(walk.details.time));

	// The table alternative lists every week, the idle ones too.
	await page.getByRole('button', { name: 'Show table' }).click();
	await expect(page.getByRole('table').first().locator('tbody tr')).toHaveCount(12);

	await expect(page.getByRole('heading', { name: 'Personal records' })).toBeVisible();
	await expect(page.getByRole('article').first()).toContainText('Longest');

	// A bar is a tab stop with a tooltip; the measure chooser redraws the bars in kilometres.
	await bars.getByRole('gridcell').last().focus();
	await expect(page.getByRole('tooltip')).toContainText('Week of 30 Mar');
	await page.getByRole('button', { name: 'Distance' }).click();
	await expect(page).toHaveURL(/measure=distance/);
	await expect(page.getByRole('group', { name: 'Distance of workouts per week' })).toContainText(
		'km'
	);
});

test('a workout’s page shows its figures in its own zone and draws its ticks', async ({
	page,
	request
}) => {
	const [walk] = await workoutsOn(request, LAST_WORKOUT_DATE);
	if (!walk) throw new Error(`the demo has no workout on ${LAST_WORKOUT_DATE}`);
	await page.goto('/workouts');
	await page.getByRole('list', { name: 'Workouts in Mar 2026' }).getByRole('link').first().click();
	await expect(page).toHaveURL(new RegExp(`/workouts/${walk.xid}\\?date=${LAST_WORKOUT_DATE}`));
	const figures = page.getByRole('definition');
	await expect(
		figures.filter({ hasText: `${(walk.details.meters / 1000).toFixed(1)} km` })
	).toHaveCount(1);
	await expect(page.getByText(walk.details.tz).first()).toBeVisible();

	const ticksResponse = await request.get(`${API}/workouts/${walk.xid}/ticks`);
	expect(ticksResponse.ok()).toBe(true);
	const ticks = z
		.object({ data: z.object({ items: z.array(z.object({ time: z.number() })) }) })
		.parse(await ticksResponse.json()).data.items;
	expect(ticks.length).toBeGreaterThan(0);
	const chart = page.locator('svg.chart-svg');
	await expect(chart.locator('path.reading')).toHaveAttribute('d', /^M[\d.]+,[\d.]+L/);
	await expect(page.getByText(`Over the workout's ${ticks.length} ticks`)).toBeVisible();
	await page.getByRole('slider').focus();
	await page.keyboard.press('ArrowRight');
	await expect(page.getByRole('tooltip')).toContainText('steps/min');
});

test('the Workouts view does not overflow a 320 px screen', async ({ page }) => {
	await page.setViewportSize({ width: 320, height: 800 });
	await page.goto('/workouts');
	await expect(page.getByRole('group', { name: 'Time of workouts per week' })).toBeVisible();
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - document.documentElement.clientWidth
	);
	expect(overflow).toBe(0);
});

test('a sign-in without move_read is told which permission Workouts need, not shown an empty view', async ({
	page
}) => {
	await page.route('**/api/session', async (route) => {
		const response = await route.fetch();
		const session = (await response.json()) as { scopes: string[] };
		await route.fulfill({
			response,
			json: { ...session, scopes: session.scopes.filter((scope) => scope !== 'move_read') }
		});
	});
	await page.goto('/workouts');
	await expect(page.getByRole('status').filter({ hasText: 'Permission missing' })).toContainText(
		'move_read'
	);
	await expect(page.locator('svg.chart-svg')).toHaveCount(0);
});
