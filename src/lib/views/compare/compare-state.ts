// The Compare view's choices as read from and written to its URL, and the two periods they name.
import { customPeriods, periodPresets, type PeriodPair } from '$lib/metrics/compare';
import { addDays, dateIntFromString, daysBetween } from '$lib/time/zone';
import { enumParam, intParam, type ParamValue } from '../url-state';

export type ComparePreset = 'week' | 'month' | 'year' | 'custom';
export type Alignment = 'weekday' | 'day';

export const COMPARE_PRESETS: readonly ComparePreset[] = ['week', 'month', 'year', 'custom'];
export const ALIGNMENTS: readonly Alignment[] = ['weekday', 'day'];

/** A custom period may be up to a year long (a leap year's 366 days). */
export const MAX_CUSTOM_DAYS = 366;

/** Metric keys of the comparison chart; the series ids of `periodSeries` are `${source}.${field}`. */
export const COMPARE_METRIC_KEYS = [
	'steps',
	'distance',
	'active_time',
	'calories',
	'wo_time',
	'asleep',
	'duration',
	'deep',
	'light',
	'awake',
	'latency',
	'awakenings'
] as const;
export type CompareMetricKey = (typeof COMPARE_METRIC_KEYS)[number];

export interface CompareState {
	preset: ComparePreset;
	/** Start of period A (the one looked at), `YYYYMMDD`; custom only. */
	a: number;
	/** Start of period B (the reference); custom only. */
	b: number;
	/** Length of both custom periods in days. */
	days: number;
	metric: CompareMetricKey;
	align: Alignment;
}

/** A week's default alignment is by weekday (Monday with Monday); months compare day 1 with day 1. */
export function defaultAlignment(preset: ComparePreset): Alignment {
	return preset === 'week' ? 'weekday' : 'day';
}

/** What the Compare URL says, before today is known: the custom starts are null when absent. */
export interface CompareView extends Omit<CompareState, 'a' | 'b'> {
	a: number | null;
	b: number | null;
}

/** The view from `?preset=&a=&b=&days=&metric=&align=`, read in the page's load. */
export function parseCompareView(url: URL): CompareView {
	const preset = enumParam(url, 'preset', COMPARE_PRESETS, 'week');
	return {
		preset,
		a: dateIntFromString(url.searchParams.get('a') ?? ''),
		b: dateIntFromString(url.searchParams.get('b') ?? ''),
		days: intParam(url, 'days', 1, MAX_CUSTOM_DAYS, 7),
		metric: enumParam(url, 'metric', COMPARE_METRIC_KEYS, 'steps'),
		align: enumParam(url, 'align', ALIGNMENTS, defaultAlignment(preset))
	};
}

/**
 * The state of a view on the person's today. Without a custom pair the last seven days are
 * compared with the seven before.
 */
export function compareStateOn(view: CompareView, today: number): CompareState {
	const a = view.a ?? addDays(today, -(view.days - 1));
	return { ...view, a, b: view.b ?? addDays(a, -view.days) };
}

/** The state from the URL on the person's today. */
export function readCompareState(url: URL, today: number): CompareState {
	return compareStateOn(parseCompareView(url), today);
}

/** URL parameters of a state: a custom pair only under the custom preset, defaults left out. */
export function compareParams(state: CompareState): Record<string, ParamValue> {
	const custom = state.preset === 'custom';
	return {
		preset: state.preset,
		a: custom ? state.a : null,
		b: custom ? state.b : null,
		days: custom ? state.days : null,
		metric: state.metric === 'steps' ? null : state.metric,
		align: state.align === defaultAlignment(state.preset) ? null : state.align
	};
}

/** The two periods a state compares, for the user's today. */
export function periodPairOf(state: CompareState, today: number): PeriodPair {
	if (state.preset === 'custom') {
		return customPeriods(state.a, addDays(state.a, state.days - 1), state.b);
	}
	const id = state.preset === 'year' ? 'month-last-year' : state.preset;
	const presets = periodPresets(today);
	const pair = presets.find((candidate) => candidate.id === id) ?? presets[0];
	if (!pair) throw new Error('periodPresets returned no pairs');
	return pair;
}

/**
 * The custom state that starts from what a preset shows, so choosing "Custom" keeps the periods
 * on screen (trimmed to the shorter length when months differ) until the user edits them.
 */
export function customFrom(pair: PeriodPair, state: CompareState): CompareState {
	const lengthA = daysBetween(pair.a.from, pair.a.to) + 1;
	const lengthB = daysBetween(pair.b.from, pair.b.to) + 1;
	return {
		...state,
		preset: 'custom',
		a: pair.a.from,
		b: pair.b.from,
		days: Math.min(lengthA, lengthB, MAX_CUSTOM_DAYS)
	};
}
