// The Today, Activity, Sleep and Goals views against the embedded demo API, read back through the proxy.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as z from 'zod/mini';

const API = '/api/nudge/v.1.1';
const TODAY = 20260330;

// Only the fields the tests compare, validated: the proxy is a boundary like any other.
const moveSchema = z.object({
	xid: z.string(),
	date: z.number(),
	details: z.object({
		steps: z.number(),
		tz: z.string(),
		tzs: z.nullish(z.array(z.tuple([z.number(), z.string()]))),
		hourly_totals: z.record(z.string(), z.object({ steps: z.nullable(z.number()) }))
	})
});
const sleepSchema = z.object({
	sub_type: z.number(),
	time_created: z.number(),
	time_completed: z.number(),
	details: z.object({
		asleep_time: z.number(),
		awake: z.number(),
		light: z.number(),
		deep: z.number(),
		duration: z.number()
	})
});
const goalsSchema = z.object({
	move_steps: z.number(),
	sleep_total: z.number(),
	remaining_for_day: z.object({
		move_steps_remaining: z.number(),
		sleep_seconds_remaining: z.number(),
		intake_calories_remaining: z.number()
	})
});
type MoveRecord = z.infer<typeof moveSchema>;
type SleepRecord = z.infer<typeof sleepSchema>;

async function apiData<T>(
	request: APIRequestContext,
	path: string,
	schema: z.ZodMiniType<T>
): Promise<T> {
	const response = await request.get(`${API}${path}`);
	expect(response.ok()).toBe(true);
	const body: unknown = await response.json();
	return z.object({ data: schema }).parse(body).data;
}

async function moveOn(request: APIRequestContext, date: number): Promise<MoveRecord> {
	const data = await apiData(
		request,
		`/users/@me/moves?date=${date}`,
		z.object({ items: z.array(moveSchema) })
	);
	const move = data.items.find((item) => item.date === date);
	if (!move) throw new Error(`the demo has no move on ${date}`);
	return move;
}

async function nightEndingOn(request: APIRequestContext, date: number): Promise<SleepRecord> {
	const data = await apiData(
		request,
		`/users/@me/sleeps?date=${date}`,
		z.object({ items: z.array(sleepSchema) })
	);
	const night = data.items.find((item) => item.sub_type === 0);
	if (!night) throw new Error(`the demo has no night ending on ${date}`);
	return night;
}

/** Calories eaten on a date, from that day's trend bucket (the meals' own sum, per the API). */
async function eatenOn(request: APIRequestContext, date: number): Promise<number> {
	const data = await apiData(
		request,
		`/users/@me/trends?end_date=${date}&bucket_size=d&num_buckets=1`,
		z.object({ data: z.array(z.tuple([z.number(), z.object({ e_calories: z.number() })])) })
	);
	const bucket = data.data.find(([day]) => day === date);
	if (!bucket) throw new Error(`the demo has no trend bucket on ${date}`);
	return bucket[1].e_calories;
}

/** "7 h 35 min", "6 min", "8 h": how the page writes a duration (rounded to the minute). */
function duration(seconds: number): string {
	const minutes = Math.round(seconds / 60);
	const h = Math.floor(minutes / 60);
	const m = minutes % 60;
	if (h === 0) return `${m} min`;
	return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

function grouped(value: number): string {
	return new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(value);
}

function watchErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text());
	});
	page.on('pageerror', (error) => errors.push(error.message));
	return errors;
}

test('Today shows the goals left, today’s steps, steps per hour and last night', async ({
	page,
	request
}) => {
	const errors = watchErrors(page);
	const move = await moveOn(request, TODAY);
	const goals = await apiData(request, '/users/@me/goals', goalsSchema);
	const night = await nightEndingOn(request, TODAY);

	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

	// Goals: the remainders are the API's own numbers, each gauge read once by its name.
	const remaining = goals.remaining_for_day;
	const stepGauge = page.locator('[data-goal="steps"]');
	await expect(stepGauge).toHaveAttribute('data-remaining', String(remaining.move_steps_remaining));
	// What is done first, then what is left.
	const stepsLeft = remaining.move_steps_remaining;
	await expect(stepGauge).toHaveAccessibleName(
		new RegExp(
			`^Steps (✓ )?${grouped(goals.move_steps - stepsLeft)} of ${grouped(goals.move_steps)} steps, ` +
				(stepsLeft > 0 ? `${grouped(stepsLeft)} to go` : 'goal met')
		)
	);
	// Calories: what was eaten today (the day's trend) against the budget it leaves.
	const eaten = await eatenOn(request, TODAY);
	const over = remaining.intake_calories_remaining < 0;
	await expect(page.locator('[data-goal="intake_calories"]')).toHaveAccessibleName(
		`Calories eaten ${over ? '! ' : ''}${grouped(Math.abs(remaining.intake_calories_remaining))} kcal ${over ? 'over budget' : 'left today'}: ` +
			`${grouped(eaten)} kcal eaten of a ${grouped(eaten + remaining.intake_calories_remaining)} kcal budget`
	);
	await expect(page.getByRole('group', { name: 'Goals remaining today' })).toBeVisible();
	// The gauges are not repeated as a list of the same words.
	await expect(page.locator('li', { hasText: /\d to go|goal met|kcal (left|over)/ })).toHaveCount(
		0
	);

	// Headline steps: today's hours before 20:00 in Berlin (the demo's now), against past Mondays.
	const stepsBy20 = Object.entries(move.details.hourly_totals)
		.filter(([key]) => key.startsWith(String(TODAY)) && Number(key.slice(8)) < 20)
		.reduce((sum, [, total]) => sum + (total.steps ?? 0), 0);
	const steps = page.locator('[data-headline="move.steps"]');
	await expect(steps).toContainText('Steps by 20:00');
	await expect(steps).toContainText(grouped(stepsBy20));
	await expect(steps).toContainText(/Usually [\d,]+ by this hour \(median of \d Mondays/);

	// Steps per hour: one bar per hour of today, the usual beside it.
	const hourly = page.getByRole('group', { name: 'Steps per hour today' });
	await expect(hourly).toBeVisible();
	await expect(hourly.getByRole('gridcell')).toHaveCount(24);
	// At 20:00 in Berlin the last hours are still to come, and each has a usual from past Mondays,
	// whose quiet late hours count as zero steps.
	await expect(hourly.getByRole('gridcell', { name: /^23:00/ })).toHaveAccessibleName(
		/^23:00: not yet, usually [\d,]+ steps?$/
	);

	// Last night: the hypnogram and the totals of the sleep record that woke up today.
	await expect(
		page.getByRole('group', { name: /Sleep phases, night ending Mon 30 Mar/ })
	).toBeVisible();
	const d = night.details;
	await expect(page.locator('[data-total="asleep"] dd')).toHaveText(duration(d.light + d.deep));
	await expect(page.locator('[data-total="inBed"] dd')).toHaveText(duration(d.duration));
	await expect(
		page.getByText('A night is shown under the date you woke up.').first()
	).toBeVisible();

	await page.waitForLoadState('networkidle');
	expect(errors).toEqual([]);
});

test('the night woken on 2026-03-30 shows the totals of that sleep record', async ({
	page,
	request
}) => {
	const errors = watchErrors(page);
	const night = await nightEndingOn(request, TODAY);
	await page.goto('/sleep?date=2026-03-30');
	await expect(page.getByRole('heading', { level: 1, name: 'Sleep' })).toBeVisible();
	const hypnogram = page.getByRole('group', { name: /Sleep phases, night ending Mon 30 Mar/ });
	await expect(hypnogram).toBeVisible();
	await expect(hypnogram.getByRole('gridcell').first()).toBeAttached();

	const d = night.details;
	const expected: Record<string, number> = {
		latency: d.asleep_time - night.time_created,
		awake: d.awake,
		light: d.light,
		deep: d.deep,
		asleep: d.light + d.deep,
		inBed: night.time_completed - night.time_created
	};
	for (const [key, seconds] of Object.entries(expected)) {
		await expect(page.locator(`[data-total="${key}"] dd`)).toHaveText(duration(seconds));
	}
	// The parts add up to the time in bed, as the record's duration says.
	expect(expected.latency! + d.awake + d.light + d.deep).toBe(d.duration);

	// The table alternative lists the phases with their times.
	await page.getByRole('button', { name: 'Show table' }).click();
	const table = page.getByRole('table', { name: /Night ending/ });
	await expect(table.getByRole('row').nth(1)).toContainText('Falling asleep');
	expect(errors).toEqual([]);
});

test('a week of nights shows the phase stack, bedtimes and their regularity', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/sleep?date=2026-03-29&span=week');
	await expect(page.getByText('23 Mar – 29 Mar 2026').first()).toBeVisible();
	await expect(page.getByRole('group', { name: 'Sleep phases per night' })).toBeVisible();
	const bedtimes = page.getByRole('group', { name: 'Bedtimes and wake times' });
	await expect(bedtimes).toBeVisible();
	await expect(page.getByText('Median bedtime')).toBeVisible();
	await expect(page.getByText('Nights counted').locator('..').locator('dd')).toHaveText('7');
	// Previous week is a button with a name; the URL follows.
	await page.getByRole('button', { name: 'Previous week' }).click();
	await expect(page).toHaveURL(/date=2026-03-22/);
	await expect(page.getByText('16 Mar – 22 Mar 2026').first()).toBeVisible();
	expect(errors).toEqual([]);
});

test('the spring-forward day has a 23-hour activity chart without a 02 hour', async ({
	page,
	request
}) => {
	const errors = watchErrors(page);
	const move = await moveOn(request, 20260329);
	await page.goto('/activity?date=2026-03-29');
	const chart = page.getByRole('group', { name: 'Steps per hour on Sun 29 Mar' });
	await expect(chart).toBeVisible();
	const hours = chart.getByRole('gridcell');
	await expect(hours).toHaveCount(23);
	await expect(chart.getByRole('gridcell', { name: /^02:00/ })).toHaveCount(0);
	await expect(chart.getByRole('gridcell', { name: /^03:00/ })).toHaveCount(1);
	await expect(page.getByText('23 hours in Europe/Berlin')).toBeVisible();

	// The table alternative lists each hour's steps; they add up to the day's steps.
	await page.getByRole('button', { name: 'Show table' }).click();
	const table = page.getByRole('table', { name: 'Steps per hour' });
	const rows = table.locator('tbody tr');
	await expect(rows).toHaveCount(23);
	const cells = await rows.locator('td:nth-child(2), th + td').allInnerTexts();
	const tableSum = cells
		.slice(0, 23)
		.map((text) => Number(text.replace(/[^\d]/g, '')) || 0)
		.reduce((sum, value) => sum + value, 0);
	const keySum = Object.values(move.details.hourly_totals).reduce(
		(sum, total) => sum + (total.steps ?? 0),
		0
	);
	expect(tableSum).toBe(keySum);
	await expect(page.locator('.figures').getByText(grouped(move.details.steps))).toBeVisible();

	// Clicking an hour zooms into it too.
	await chart.getByRole('gridcell', { name: /^14:00/ }).click();
	await expect(page).toHaveURL(/hour=14/);
	await expect(page.getByRole('heading', { name: 'Steps from 14:00 to 15:00' })).toBeVisible();
	expect(errors).toEqual([]);
});

test('the keyboard reaches an hour, its tooltip shows, and Enter zooms into its minutes', async ({
	page,
	request
}) => {
	const errors = watchErrors(page);
	const move = await moveOn(request, 20260329);
	await page.goto('/activity?date=2026-03-29');
	const chart = page.getByRole('group', { name: 'Steps per hour on Sun 29 Mar' });
	await expect(chart).toBeVisible();

	// From the card's Export button, Tab lands on the chart's one tab stop.
	const card = page.getByRole('region', { name: 'Steps per hour' });
	await card.getByRole('button', { name: 'Export' }).focus();
	await page.keyboard.press('Tab');
	await expect(chart.getByRole('gridcell', { name: /^00:00/ })).toBeFocused();
	// Right arrow walks the hours: 00, 01, then 03 (02 never happened), ... 09 is the 9th bar.
	for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
	const nine = chart.getByRole('gridcell', { name: /^09:00/ });
	await expect(nine).toBeFocused();
	const tooltip = page.getByRole('tooltip');
	await expect(tooltip).toBeVisible();
	await expect(tooltip).toContainText('09:00');
	const nineSteps = move.details.hourly_totals['2026032909']?.steps ?? 0;
	await expect(tooltip).toContainText(`${grouped(nineSteps)} steps`);

	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/hour=9/);
	await expect(page.getByRole('heading', { name: 'Steps from 09:00 to 10:00' })).toBeVisible();
	const minutes = page.getByRole('group', { name: 'Steps per minute, 09:00' });
	await expect(minutes).toBeVisible();
	// The minutes add up to the hour's total, and the page says both.
	await expect(
		page.getByText(
			`Minutes add up to ${grouped(nineSteps)} steps; the hour's total is ${grouped(nineSteps)} steps.`
		)
	).toBeVisible();
	expect(errors).toEqual([]);
});

test('a year of activity shows the day × hour heatmap and the daily totals', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/activity?span=year&date=2026-03-30');
	await expect(page.getByText('Apr 2025 – Mar 2026').first()).toBeVisible();
	await expect(page.getByRole('group', { name: 'Steps by day and hour' })).toBeVisible();
	await expect(
		page.getByRole('group', { name: /Steps per day, Apr 2025 – Mar 2026/ })
	).toBeVisible();
	await expect(page.locator('canvas')).toBeVisible();
	// The measure switch keeps the year and changes the daily line.
	await page.getByRole('button', { name: 'Distance' }).click();
	await expect(page).toHaveURL(/metric=distance/);
	await expect(page.getByRole('group', { name: /Distance per day/ })).toBeVisible();
	expect(errors).toEqual([]);
});

test('Goals shows attainment per day and the streaks', async ({ page, request }) => {
	const errors = watchErrors(page);
	const goals = await apiData(request, '/users/@me/goals', goalsSchema);
	const move = await moveOn(request, 20260329);
	await page.goto('/goals?span=week&date=2026-03-29');
	await expect(page.getByRole('heading', { level: 1, name: 'Goals' })).toBeVisible();
	await expect(page.getByText(`Step goal ${grouped(goals.move_steps)} a day`)).toBeVisible();
	const steps = page.getByRole('group', { name: 'Steps against the goal, 23 Mar – 29 Mar 2026' });
	await expect(steps).toBeVisible();
	await expect(steps.getByRole('gridcell')).toHaveCount(7);
	const sunday = steps.getByRole('gridcell', { name: /^Sun 29 Mar/ });
	await expect(sunday).toHaveAttribute(
		'aria-label',
		new RegExp(`${grouped(move.details.steps)} steps`)
	);
	const met = move.details.steps >= goals.move_steps;
	expect((await sunday.getAttribute('aria-label'))?.includes('goal met')).toBe(met);
	await expect(
		page.getByRole('group', { name: 'Time asleep against the goal, 23 Mar – 29 Mar 2026' })
	).toBeVisible();

	const streaks = page.getByRole('table', { name: /Streaks/ });
	await expect(streaks.getByRole('row')).toHaveCount(3);
	const stepStreak = streaks.locator('[data-streak="steps"]');
	// The longest streak is named once the year is read; the current one is then final too.
	await expect(stepStreak.locator('[data-longest]')).toHaveAttribute('data-longest', /^\d+$/, {
		timeout: 30_000
	});
	const current = Number(await stepStreak.locator('[data-current]').getAttribute('data-current'));
	const longest = Number(await stepStreak.locator('[data-longest]').getAttribute('data-longest'));
	expect(longest).toBeGreaterThanOrEqual(current);
	// A day not over yet is not counted: the run ends yesterday (Sunday 29 March), met or not today.
	if (met) expect(current).toBeGreaterThanOrEqual(1);
	else expect(current).toBe(0);
	expect(errors).toEqual([]);
});

test('Goals names the met-day dots in the legend and does not count today before it is over', async ({
	page
}) => {
	// This week has only begun: Monday 30 March is today, under way, and not counted yet.
	await page.goto('/goals?span=week');
	const card = page.getByRole('region', { name: 'Steps against the goal' });
	await expect(
		card.getByText('no days with data yet; today under way, not counted yet')
	).toBeVisible();
	const legend = card.getByRole('list', { name: 'Legend' });
	await expect(legend).toContainText('Dot above a bar: goal met');
	await expect(legend).toContainText('Today so far');
});

test('the day of the flight to New York marks the landing on the hourly chart, in both zones', async ({
	page,
	request
}) => {
	const errors = watchErrors(page);
	// The demo's trip: Saturday 3 August 2024, Berlin to New York, landing 13:05 New York time.
	const move = await moveOn(request, 20240803);
	const landing = move.details.tzs?.find(([, zone]) => zone === 'America/New_York')?.[0];
	expect(landing).toBeDefined();
	const newYorkClock = new Intl.DateTimeFormat('en-GB', {
		timeZone: 'America/New_York',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23'
	}).format(new Date((landing ?? 0) * 1000));
	const berlinClock = new Intl.DateTimeFormat('en-GB', {
		timeZone: 'Europe/Berlin',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23'
	}).format(new Date((landing ?? 0) * 1000));

	await page.goto('/activity?date=2024-08-03');
	const chart = page.getByRole('group', { name: 'Steps per hour on Sat 3 Aug' });
	// A day this old is fetched from the API on the way: give it time.
	await expect(chart).toBeVisible({ timeout: 30_000 });
	const marker = chart.getByTestId('zone-switch');
	await expect(marker).toHaveCount(1);
	await expect(marker.locator('tspan')).toHaveText([
		'Europe/Berlin → America/New_York',
		`at ${newYorkClock}`
	]);
	await expect(
		page.getByText(
			`Europe/Berlin → America/New_York at ${newYorkClock} (${berlinClock} in Europe/Berlin).`
		)
	).toBeVisible();

	// The line stands between Berlin's last hour and New York's first one after the landing; the
	// hours are labelled on the clock in force, so 19:00 (Berlin) is followed by 20:00 (New York).
	const line = await marker.locator('line').boundingBox();
	const before = await chart.getByRole('gridcell', { name: /^19:00/ }).boundingBox();
	const after = await chart.getByRole('gridcell', { name: /^20:00/ }).boundingBox();
	expect(line && before && after).toBeTruthy();
	expect(line!.x).toBeGreaterThanOrEqual(before!.x + before!.width - 1);
	expect(line!.x).toBeLessThanOrEqual(after!.x + 1);

	// An ordinary day has no marker.
	await page.goto('/activity?date=2024-08-10');
	await expect(page.getByRole('group', { name: 'Steps per hour on Sat 10 Aug' })).toBeVisible({
		timeout: 30_000
	});
	await expect(page.getByTestId('zone-switch')).toHaveCount(0);
	expect(errors).toEqual([]);
});
