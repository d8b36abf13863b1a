// QueryState in Chromium: loading, failed with a Retry that asks again, empty only once read to the end, and the coverage note.
import { createRawSnippet } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import type { QueryLike } from '$lib/cache/query.svelte';
import type { Coverage, SpanStatus } from '$lib/coverage';
import QueryState from './QueryState.svelte';

type Steps = number[];
type StepsQuery = QueryLike<Steps> & { coverage?: Coverage };

/** A query as a page holds it, at one moment: what it has and how it went. */
function query(state: Partial<StepsQuery>): StepsQuery {
	return {
		data: undefined,
		status: 'loading',
		stale: false,
		error: null,
		missingScope: null,
		lastSynced: null,
		refresh: () => Promise.resolve(),
		...state
	};
}

/** Monday 23 to Sunday 29 March 2026, today the Sunday: `read` of its 7 days read so far. */
function week(status: SpanStatus, read: number): Coverage {
	return {
		from: 20260323,
		to: 20260329,
		today: 20260329,
		asOf: null,
		states: Array.from({ length: 7 }, (_, index) => (index < read ? 'finished' : 'unread')),
		status,
		total: 7,
		read,
		pending: status.kind === 'loading'
	};
}

/** The data as the page would draw it: here, how many days of steps there are. */
const children = createRawSnippet((steps: () => Steps) => ({
	render: () => `<p data-testid="drawn">${steps().length} days of steps</p>`
}));

async function renderState(q: StepsQuery) {
	return render(QueryState<Steps>, { query: q, label: 'steps', tz: 'Europe/Berlin', children });
}

describe('QueryState', () => {
	it('says what is loading, busy, and draws nothing yet', async () => {
		const screen = await renderState(query({}));
		const loading = screen.getByRole('status');
		await expect.element(loading).toHaveTextContent('Loading steps…');
		await expect.element(loading).toHaveAttribute('aria-busy', 'true');
		await expect.element(screen.getByTestId('drawn')).not.toBeInTheDocument();
	});

	it('says a read that failed with nothing to show failed, and Retry asks again', async () => {
		const refresh = vi.fn(() => Promise.resolve());
		const q = query({ status: 'error', error: 'The service answered 503.', refresh });
		const screen = await renderState(q);
		const alert = screen.getByRole('alert');
		await expect.element(alert).toHaveTextContent('Couldn’t load steps. The service answered 503.');
		await expect.element(screen.getByText(/No steps recorded/)).not.toBeInTheDocument();

		await screen.getByRole('button', { name: 'Retry' }).click();
		expect(refresh).toHaveBeenCalledTimes(1);
	});

	it('never calls a span whose every read failed empty: it says why, with Retry', async () => {
		const refresh = vi.fn(() => Promise.resolve());
		const q = query({
			data: [],
			status: 'ready',
			coverage: week({ kind: 'failed', reason: 'The service did not answer.' }, 0),
			refresh
		});
		const screen = await renderState(q);
		await expect
			.element(screen.getByRole('alert'))
			.toHaveTextContent('Couldn’t load steps. The service did not answer.');
		await expect.element(screen.getByText(/No steps recorded/)).not.toBeInTheDocument();
		await screen.getByRole('button', { name: 'Retry' }).click();
		expect(refresh).toHaveBeenCalledTimes(1);
	});

	it('says "no steps recorded" only once the span is read to its end', async () => {
		const screen = await renderState(
			query({ data: [], status: 'ready', coverage: week({ kind: 'loading' }, 3) })
		);
		// Days still to read may hold records: it is still loading, with how far it got.
		await expect
			.element(screen.getByRole('status'))
			.toHaveTextContent(/^Loading steps… 3 of 7 days read$/);
		await expect.element(screen.getByText(/No steps recorded/)).not.toBeInTheDocument();

		await screen.rerender({
			query: query({ data: [], status: 'ready', coverage: week({ kind: 'complete' }, 7) })
		});
		await expect.element(screen.getByText('No steps recorded for this period.')).toBeVisible();
	});

	it('says an empty span without coverage empty, in the words a page gives', async () => {
		const screen = await render(QueryState<Steps>, {
			query: query({ data: [], status: 'ready' }),
			label: 'steps',
			emptyText: 'No walks this week.',
			children
		});
		await expect.element(screen.getByRole('status')).toHaveTextContent('No walks this week.');
	});

	it('draws what it has while the rest is read, saying how much it rests on', async () => {
		const screen = await renderState(
			query({ data: [8000, 9000, 7000], status: 'ready', coverage: week({ kind: 'loading' }, 3) })
		);
		await expect.element(screen.getByTestId('drawn')).toHaveTextContent('3 days of steps');
		const note = screen.getByRole('status');
		await expect.element(note).toHaveTextContent('Reading steps: 3 of 7 days so far.');
		await expect.element(note).toHaveAttribute('aria-busy', 'true');
	});

	it('says offline data is what this browser stored, as of the last sync on the person’s clock', async () => {
		// 29 March 2026, 08:15 UTC: 10:15 in Berlin (summer time).
		const since = Date.UTC(2026, 2, 29, 8, 15) / 1000;
		const screen = await renderState(
			query({ data: [8000], status: 'ready', coverage: week({ kind: 'stale', since }, 5) })
		);
		await expect
			.element(screen.getByRole('status'))
			.toHaveTextContent('Offline: showing the 5 days of 7 stored in this browser, as of 10:15.');
		await expect.element(screen.getByTestId('drawn')).toBeVisible();
	});

	it('says a part that failed beside what it drew, with a Retry that asks again', async () => {
		const refresh = vi.fn(() => Promise.resolve());
		const q = query({
			data: [8000, 9000, 7000, 6000],
			status: 'ready',
			coverage: week({ kind: 'failed', reason: 'The service answered 500.' }, 4),
			refresh
		});
		const screen = await renderState(q);
		await expect
			.element(screen.getByRole('alert'))
			.toHaveTextContent('Couldn’t load steps: the service answered 500.');
		await expect.element(screen.getByTestId('drawn')).toHaveTextContent('4 days of steps');
		await screen.getByRole('button', { name: 'Retry' }).click();
		expect(refresh).toHaveBeenCalledTimes(1);
	});

	it('says saved data is shown when refreshing a query without coverage failed', async () => {
		// 29 March 2026, 08:15 UTC: 10:15 in Berlin.
		const lastSynced = Date.UTC(2026, 2, 29, 8, 15) / 1000;
		const refresh = vi.fn(() => Promise.resolve());
		const q = query({
			data: [8000],
			status: 'error',
			stale: true,
			error: 'no network',
			lastSynced,
			refresh
		});
		const screen = await renderState(q);
		await expect
			.element(screen.getByRole('status'))
			.toHaveTextContent(
				'Showing saved data from 2026-03-29 10:15: refreshing failed (no network).'
			);
		await screen.getByRole('button', { name: 'Retry' }).click();
		expect(refresh).toHaveBeenCalledTimes(1);
	});
});
