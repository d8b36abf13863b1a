// What Today, Activity, Sleep and Goals say when the day is under way, a read fails, history loads or the network is gone.
import { expect, test, type Page, type Route } from '@playwright/test';
import * as z from 'zod/mini';
import { ownPort } from './support/own-server';
import { failReads, holdHistory, startMorningServer } from './support/states';
import type { OwnServer } from './support/own-server';

const API = '/api/nudge/v.1.1';
/** The morning's date in the demo person's zone: Friday 27 November 2026. */
const TODAY = 20261127;

const hourlyTotal = z.object({ steps: z.nullable(z.number()) });
const moveSchema = z.object({
	date: z.number(),
	time_updated: z.number(),
	details: z.object({
		steps: z.number(),
		distance: z.nullable(z.number()),
		active_time: z.nullable(z.number()),
		calories: z.nullable(z.number()),
		hourly_totals: z.record(z.string(), hourlyTotal)
	})
});
const sleepSchema = z.object({
	sub_type: z.number(),
	date: z.number(),
	details: z.object({ light: z.number(), deep: z.number() })
});
const goalsSchema = z.object({ move_steps: z.number(), sleep_total: z.number() });
const listOf = <T>(item: z.ZodMiniType<T>) => z.object({ items: z.array(item) });

async function apiData<T>(page: Page, url: string, schema: z.ZodMiniType<T>): Promise<T> {
	const response = await page.request.get(url);
	expect(response.ok()).toBe(true);
	const body: unknown = await response.json();
	return z.object({ data: schema }).parse(body).data;
}

function grouped(value: number): string {
	return new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(value);
}

/** "7 h 35 min", "6 min", "8 h": a duration as the page writes it. */
function duration(seconds: number): string {
	const minutes = Math.round(seconds / 60);
	const h = Math.floor(minutes / 60);
	const m = minutes % 60;
	if (h === 0) return `${m} min`;
	return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Epoch seconds of a UTC instant written as ISO. */
function epoch(iso: string): number {
	return Math.floor(Date.parse(iso) / 1000);
}

/**
 * Fails the page's reads of `part` whose `start_time` lies before `before`: the recent days are
 * read, older ones fail, as when an upstream fails part way through a backfill.
 */
async function failHistory(page: Page, part: string, before: number): Promise<void> {
	await page.route(
		(url) => url.pathname.startsWith('/api/nudge/') && url.pathname.includes(part),
		(route: Route) => {
			const start = Number(new URL(route.request().url()).searchParams.get('start_time'));
			if (!(start > 0 && start < before)) return route.continue();
			return route.fulfill({
				status: 500,
				contentType: 'application/json',
				body: JSON.stringify({
					meta: { code: 500, error_type: 'server_error', message: 'Injected server error.' }
				})
			});
		}
	);
}

/**
 * Answers the page's requests for `list` (`moves`, `sleeps`, `goals`) as the API does, with the
 * JSON body read by `schema` and changed by `edit` first.
 */
async function answerEdited<T>(
	page: Page,
	list: string,
	schema: z.ZodMiniType<T>,
	edit: (body: T) => void
): Promise<void> {
	await page.route(
		(url) => url.pathname.startsWith('/api/nudge/') && url.pathname.endsWith(`/users/@me/${list}`),
		async (route: Route) => {
			try {
				const response = await route.fetch();
				const body = schema.parse(await response.json());
				edit(body);
				await route.fulfill({ response, json: body });
			} catch (error) {
				// A read still under way when the test goes to another page or ends (Today asks for
				// its goals before its scripts have loaded): nobody waits for it.
				if (!/disposed|Test ended|has been closed/.test(String(error))) throw error;
			}
		}
	);
}

/** Answers the page's moves as the API would for records that carry no distance and no energy. */
async function movesWithoutDistanceOrEnergy(page: Page): Promise<void> {
	const moves = z.looseObject({
		data: z.looseObject({
			items: z.array(
				z.looseObject({
					details: z.looseObject({ hourly_totals: z.record(z.string(), z.looseObject({})) })
				})
			)
		})
	});
	await answerEdited(page, 'moves', moves, (body) => {
		for (const item of body.data.items) {
			Object.assign(item.details, { distance: null, km: null, calories: null });
			for (const hour of Object.values(item.details.hourly_totals)) {
				Object.assign(hour, { distance: null, calories: null });
			}
		}
	});
}

test.describe('in the morning: Today, Goals and Activity at 09:30', () => {
	test.describe.configure({ mode: 'default' });
	let server: OwnServer;
	let origin = '';

	test.beforeAll(async () => {
		server = await startMorningServer(10);
		origin = server.origin;
		expect(origin).toBe(`http://127.0.0.1:${ownPort(10)}`);
	});
	test.afterAll(async () => {
		await server.stop();
	});

	test('Today leads with the totals so far, then the usual by this hour; the hour under way and last night say what they are', async ({
		page
	}) => {
		const moves = await apiData(
			page,
			`${origin}${API}/users/@me/moves?date=${TODAY}`,
			listOf(moveSchema)
		);
		const move = moves.items.find((item) => item.date === TODAY);
		const goals = await apiData(page, `${origin}${API}/users/@me/goals`, goalsSchema);
		const sleeps = await apiData(
			page,
			`${origin}${API}/users/@me/sleeps?date=${TODAY}`,
			listOf(sleepSchema)
		);
		const night = sleeps.items.find((item) => item.sub_type === 0);
		expect(move && night).toBeTruthy();
		const asleep = night!.details.light + night!.details.deep;

		await page.goto(`${origin}/`);
		// The day's totals first, the comparison with the usual second.
		const sections = page.locator('main h2');
		await expect(sections.nth(0)).toHaveText('So far today');
		await expect(sections.nth(1)).toHaveText('Against the usual');
		await expect(page.getByText('as of 09:30').first()).toBeVisible();
		const steps = page.locator('[data-today="steps"]');
		await expect(steps).toContainText(grouped(move!.details.steps));
		await expect(steps).toContainText(`of ${grouped(goals.move_steps)} steps`);
		await expect(page.locator('[data-today="distance"]')).toContainText(
			`${(move!.details.distance! / 1000).toFixed(1)} km`
		);
		await expect(page.locator('[data-today="active_time"]')).toContainText(
			duration(move!.details.active_time!)
		);
		await expect(page.locator('[data-today="calories"]')).toContainText(
			`${grouped(move!.details.calories!)} kcal`
		);
		await expect(page.locator('[data-today="calories"]')).toContainText('Active calories');

		// The gauges say what is done against the goal, not only what is left.
		await expect(page.locator('[data-goal="steps"]')).toHaveAccessibleName(
			new RegExp(`^Steps ${grouped(move!.details.steps)} of ${grouped(goals.move_steps)} steps`)
		);
		// Last night is over: it reads against the goal, never as something "to go".
		const sleepGauge = page.locator('[data-goal="sleep"]');
		await expect(sleepGauge).toHaveAccessibleName(
			new RegExp(`^Sleep last night ${duration(asleep)} of ${duration(goals.sleep_total)}`)
		);
		await expect(sleepGauge).not.toHaveAccessibleName(/to go/);
		await expect(page.locator('[data-headline="sleep"]')).toContainText(
			`${duration(asleep)} of ${duration(goals.sleep_total)}`
		);

		// The current hour is under way: drawn hollow, and its tooltip says "so far".
		const hourly = page.getByRole('group', { name: 'Steps per hour today' });
		const nine = hourly.getByRole('gridcell', { name: /^09:00/ });
		await expect(nine).toHaveAccessibleName(/^09:00: [\d,]+ steps? so far, under way/);
		await expect(hourly.locator('rect.bar.underway')).toHaveCount(1);
		await expect(hourly.getByRole('gridcell', { name: /^08:00/ })).not.toHaveAccessibleName(
			/under way/
		);
		await nine.hover();
		await expect(page.getByRole('tooltip')).toContainText('so far');
	});

	test('a failing read of sleeps shows in the sleep card alone; the activity cards stay', async ({
		page
	}) => {
		await failReads(page, '/users/@me/sleeps');
		await page.goto(`${origin}/`);
		await expect(page.locator('[data-today="steps"]')).toContainText(/[\d,]+/);
		await expect(page.locator('[data-headline="move.steps"]')).toContainText('Usually');
		const sleep = page.locator('[data-headline="sleep"]');
		// The sync retries a failing read before it gives up: give it time on a busy machine.
		await expect(sleep).toContainText('Couldn’t load sleep', { timeout: 20_000 });
		await expect(sleep.getByRole('button', { name: 'Retry' })).toBeVisible();
		await expect(page.getByText(/No data in the last 7 days/)).toHaveCount(0);
		await expect(page.getByText(/No night recorded/)).toHaveCount(0);
	});

	test('Goals draws today hollow and leaves it out of "met on n of m days"; last night counts whole', async ({
		page
	}) => {
		const goals = await apiData(page, `${origin}${API}/users/@me/goals`, goalsSchema);
		const week = [20261123, 20261124, 20261125, 20261126];
		let met = 0;
		for (const date of week) {
			const list = await apiData(
				page,
				`${origin}${API}/users/@me/moves?date=${date}`,
				listOf(moveSchema)
			);
			const move = list.items.find((item) => item.date === date);
			if (move && move.details.steps >= goals.move_steps) met++;
		}

		await page.goto(`${origin}/goals?span=week`);
		const card = page.getByRole('region', { name: 'Steps against the goal' });
		await expect(card.getByText(`goal met on ${met} of 4 days with data`)).toBeVisible();
		await expect(card.getByText(/today under way, not counted yet/)).toBeVisible();
		const chart = page.getByRole('group', { name: /^Steps against the goal, 23 Nov/ });
		await expect(
			chart.getByRole('gridcell', { name: /^Fri 27 Nov: .*so far, under way/ })
		).toHaveCount(1);
		await expect(chart.locator('rect.bar.underway')).toHaveCount(1);
		await expect(chart.getByRole('gridcell', { name: /^Sat 28 Nov: not yet/ })).toHaveCount(1);
		// A night dated today ended this morning: it is judged with the others.
		const sleepCard = page.getByRole('region', { name: 'Sleep against the goal' });
		await expect(sleepCard.getByText(/goal met on \d of 5 nights with data/)).toBeVisible();
	});

	test('Activity: the month average leaves today out and says so; the zoomed hour is marked; calories are active calories', async ({
		page
	}) => {
		let sum = 0;
		let days = 0;
		for (let date = 20261101; date < TODAY; date++) {
			const list = await apiData(
				page,
				`${origin}${API}/users/@me/moves?date=${date}`,
				listOf(moveSchema)
			);
			const move = list.items.find((item) => item.date === date);
			if (!move) continue;
			sum += move.details.steps;
			days++;
		}
		const mean = sum / days;

		await page.goto(`${origin}/activity?span=month`);
		const average = page.locator('[data-figure="Daily average"]');
		await expect(average).toContainText(`${grouped(mean)} steps`);
		await expect(average).toContainText('today under way, left out');

		await page.goto(`${origin}/activity?date=2026-11-26&hour=14`);
		const chart = page.getByRole('group', { name: 'Steps per hour on Thu 26 Nov' });
		await expect(chart.getByRole('gridcell', { name: /^14:00/ })).toHaveAttribute(
			'aria-selected',
			'true'
		);
		await expect(chart.locator('[aria-selected="true"]')).toHaveCount(1);
		await expect(page.locator('[data-figure="Active calories"]')).toBeVisible();
		await expect(page.getByRole('button', { name: 'Active calories' })).toBeVisible();
		await expect(page.getByText('Calories burned')).toHaveCount(0);
	});

	test('records without distance or energy read "–", never 0.0 km or 0 kcal, on Activity and Today', async ({
		page
	}) => {
		await movesWithoutDistanceOrEnergy(page);
		await page.goto(`${origin}/activity?date=2026-11-26`);
		await expect(page.locator('[data-figure="Distance"] dd')).toHaveText('–');
		await expect(page.locator('[data-figure="Active calories"] dd')).toHaveText('–');

		await page.goto(`${origin}/`);
		await expect(page.locator('[data-today="distance"]')).toContainText('–');
		await expect(page.locator('[data-today="calories"]')).toContainText('–');
		const distance = page.locator('[data-headline="move.distance"]');
		await expect(distance).toBeVisible();
		await expect(distance).not.toContainText('0.0 km');
		await expect(page.getByText(/0\.0 km|\b0 kcal/)).toHaveCount(0);
		// Reads still in flight when the test ends are let go rather than failing the next test.
		await page.unrouteAll({ behavior: 'ignoreErrors' });
	});

	test('at 320 px the hours of the day do not run together, and the Measure control never leaves one choice alone', async ({
		page
	}) => {
		await page.setViewportSize({ width: 320, height: 800 });
		await page.goto(`${origin}/activity?date=2026-11-26`);
		const chart = page.getByRole('group', { name: 'Steps per hour on Thu 26 Nov' });
		await expect(chart).toBeVisible();
		const labels = chart.locator('.axis-x text');
		const boxes = await labels.evaluateAll((texts) =>
			texts.map((text) => {
				const box = text.getBoundingClientRect();
				return { left: box.left, right: box.right };
			})
		);
		expect(boxes.length).toBeGreaterThanOrEqual(3);
		for (let i = 1; i < boxes.length; i++) {
			expect(boxes[i]!.left - boxes[i - 1]!.right).toBeGreaterThanOrEqual(4);
		}
		const measure = page.getByRole('group', { name: 'Measure' });
		const tops = await measure
			.getByRole('button')
			.evaluateAll((buttons) =>
				buttons.map((button) => Math.round(button.getBoundingClientRect().top))
			);
		const perRow = new Map<number, number>();
		for (const top of tops) perRow.set(top, (perRow.get(top) ?? 0) + 1);
		expect([...perRow.values()].every((count) => count >= 2)).toBe(true);
	});
	test('before waking, Sleep and the sleep goal say no night has ended yet, not a night of 0 min', async ({
		page
	}) => {
		// The API as it answers before the band has synced the night: no sleep dated today, the
		// whole sleep goal left.
		const sleeps = z.looseObject({
			data: z.looseObject({ items: z.array(z.looseObject({ date: z.number() })) })
		});
		await answerEdited(page, 'sleeps', sleeps, (body) => {
			body.data.items = body.data.items.filter((item) => item.date !== TODAY);
		});
		const goals = z.looseObject({
			data: z.looseObject({ sleep_total: z.number(), remaining_for_day: z.looseObject({}) })
		});
		await answerEdited(page, 'goals', goals, (body) => {
			body.data.remaining_for_day = {
				...body.data.remaining_for_day,
				sleep_seconds_remaining: body.data.sleep_total
			};
		});
		await page.goto(`${origin}/sleep`);
		await expect(page.getByText(/^No night has ended yet today/)).toBeVisible({ timeout: 20_000 });
		await expect(page.getByText(/No sleep recorded/)).toHaveCount(0);
		await page.goto(`${origin}/`);
		await expect(
			page.getByRole('gridcell', { name: /^Sleep last night No night recorded yet today/ })
		).toBeVisible();
		await expect(page.getByText(/0 min of/)).toHaveCount(0);
	});
});

test.describe('history loading, a partly failed read, colours, and offline', () => {
	test.describe.configure({ mode: 'default' });
	let server: OwnServer;
	let origin = '';

	test.beforeAll(async () => {
		server = await startMorningServer(11);
		origin = server.origin;
	});
	test.afterAll(async () => {
		await server.stop();
	});

	test('Activity Year says "so far" while history loads, and the full figure once read', async ({
		page
	}) => {
		const held = await holdHistory(page, '/users/@me/moves', epoch('2026-10-01T00:00:00Z'));
		await page.goto(`${origin}/activity?span=year`);
		const days = page.locator('[data-figure="Days with data"]');
		await expect(days).toContainText(/so far: [\d,]+ of [\d,]+ days/);
		await expect.poll(() => held.held()).toBeGreaterThan(0);
		await held.release();
		await expect(days).not.toContainText('so far', { timeout: 20_000 });
		await expect(days.locator('dd')).toHaveText(/^\d{3}\s*$/);
	});

	test('Sleep: a month whose older nights failed to load says so, names those days and the basis of its figures', async ({
		page
	}) => {
		await failHistory(page, '/users/@me/sleeps', epoch('2026-11-15T00:00:00Z'));
		await page.goto(`${origin}/sleep?span=month`);
		const failure = page.getByRole('alert').filter({ hasText: 'Couldn’t load sleep' });
		await expect(failure).toBeVisible({ timeout: 20_000 });
		await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
		const asleep = page.getByRole('group', { name: /^Time asleep per night/ });
		await expect(
			asleep.getByRole('gridcell', { name: /^Mon 2 Nov: could not be loaded/ })
		).toHaveCount(1);
		await expect(asleep.getByRole('gridcell', { name: /^Thu 26 Nov: \d+ h/ })).toHaveCount(1);
		await expect(page.locator('[data-figure="Nights counted"]')).toContainText(
			/the rest could not be loaded/
		);
		await expect(page.getByText(/No sleep recorded/)).toHaveCount(0);
	});

	test('Sleep: a week whose read fails says so with Retry, and never stays "Loading"', async ({
		page
	}) => {
		await failReads(page, '/users/@me/sleeps');
		await page.goto(`${origin}/sleep?span=week`);
		const failure = page.getByRole('alert').filter({ hasText: 'Couldn’t load sleep' });
		await expect(failure).toBeVisible({ timeout: 20_000 });
		await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
		// The failure stays said once the sync's notes make the page read the cache again.
		await page.waitForTimeout(1_000);
		await expect(failure).toBeVisible();
		await expect(page.getByText(/Loading sleep|No sleep recorded/)).toHaveCount(0);
	});

	test('Sleep: time asleep, light sleep and in bed each have a colour; the hypnogram is one band per stage', async ({
		page
	}) => {
		await page.goto(`${origin}/sleep?span=week`);
		const fillOf = (selector: string) =>
			page
				.locator(selector)
				.first()
				.evaluate((element) => getComputedStyle(element).fill);
		await expect(page.locator('.tone-sleep rect.bar').first()).toBeVisible();
		const asleep = await fillOf('.tone-sleep rect.bar');
		const light = await fillOf('rect.phase-light');
		const inBed = await fillOf('[aria-label="Bedtimes and wake times"] rect.bar');
		expect(new Set([asleep, light, inBed]).size).toBe(3);

		await page.goto(`${origin}/sleep`);
		const hypnogram = page.getByRole('group', { name: /^Sleep phases, night ending Fri 27 Nov/ });
		await expect(hypnogram).toBeVisible();
		// No line runs through the blocks, and each stage's band meets the next one.
		await expect(hypnogram.locator('path.steps')).toHaveCount(0);
		const rows = await hypnogram.locator('rect.block').evaluateAll((blocks) =>
			blocks
				.filter((block) => !block.classList.contains('phase-latency'))
				.map((block) => {
					const box = block.getBoundingClientRect();
					return { top: Math.round(box.top * 10) / 10, bottom: Math.round(box.bottom * 10) / 10 };
				})
		);
		const tops = [...new Set(rows.map((row) => row.top))].sort((a, b) => a - b);
		const bottoms = [...new Set(rows.map((row) => row.bottom))].sort((a, b) => a - b);
		expect(tops.length).toBeGreaterThanOrEqual(2);
		// Each band but the lowest ends where the next begins (to a fraction of a pixel).
		for (const top of tops.slice(1)) {
			expect(Math.min(...bottoms.map((bottom) => Math.abs(bottom - top)))).toBeLessThan(0.5);
		}
	});

	test('offline, Goals says what it rests on and Change goals is disabled with the reason', async ({
		page,
		context
	}) => {
		test.setTimeout(90_000);
		await page.goto(`${origin}/goals`);
		await expect(page.getByRole('link', { name: /^Synced/ })).toBeVisible({ timeout: 30_000 });
		await page.evaluate(async () => {
			await navigator.serviceWorker.ready;
		});
		await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
		await context.setOffline(true);
		await page.reload();
		await expect(page.getByRole('link', { name: /^Offline/ })).toBeVisible();
		await expect(page.getByRole('button', { name: 'Change goals' })).toBeDisabled();
		await expect(
			page.getByText(/Offline: goals can be changed once the dashboard is back online/)
		).toBeVisible();
		await expect(page.getByText(/^Offline: showing/).first()).toBeVisible();
		await context.setOffline(false);
	});
});
