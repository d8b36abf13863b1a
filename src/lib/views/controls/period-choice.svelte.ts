// The span and date a period view is on, read from its URL against the person's today, and the URL changes that move it.
import { page } from '$app/state';
import { getUserDay } from '$lib/views/user-day.svelte';
import { navigate } from './navigate';
import { clipToToday, periodOf, type Period, type Span } from './periods';

/** What the view's URL chose: a span, and a date in it (null: the person's today). */
export interface PeriodParams<S extends Span> {
	span: S;
	date: number | null;
}

export class PeriodChoice<S extends Span> {
	/** The person's today, `YYYYMMDD`; null until the data layer knows it. */
	readonly today: number | null;
	/** The person's home zone (sync times are shown in it). */
	readonly tz: string;
	readonly span: S;
	/** The date the view is on, `YYYYMMDD`; null until today is known. */
	readonly date: number | null;
	/** The whole day, week, month or year around `date`. */
	readonly period: Period | null;
	/** The part of `period` up to today: the dates there can be records for. */
	readonly shown: Period | null;
	/** Goes to the period around `date` (null: today's). */
	readonly go: (date: number | null) => void;
	/** Shows another span around the same date. */
	readonly choose: (span: S) => void;

	/**
	 * `view` reads the parsed URL; `spanParam` says what a span writes into it (null for the
	 * default); `resets` names the parameters a move to another period clears (a chosen day).
	 */
	constructor(
		view: () => PeriodParams<S>,
		spanParam: (span: S) => S | null,
		resets: readonly string[] = []
	) {
		const userDay = getUserDay();
		const cleared = Object.fromEntries(resets.map((name) => [name, null]));
		this.today = $derived(userDay.today);
		this.tz = $derived(userDay.tz);
		this.span = $derived(view().span);
		this.date = $derived(view().date ?? this.today);
		this.period = $derived(this.date === null ? null : periodOf(this.date, this.span));
		this.shown = $derived(
			this.period === null || this.today === null ? null : clipToToday(this.period, this.today)
		);
		this.go = (date) => void navigate(page.url, { date, ...cleared });
		this.choose = (span) => void navigate(page.url, { span: spanParam(span), ...cleared });
	}
}
