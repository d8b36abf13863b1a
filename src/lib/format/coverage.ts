// The words for what a figure rests on (coverage): one wording on every page, chart, table and CSV.
import { countOf } from './plural';
import { formatInteger } from './numbers';
import type { Basis, Coverage, DayState } from '$lib/coverage';
import { formatClock } from '$lib/time/zone';

/** A day's state in the words a chart's tooltip, table and CSV use; empty for a finished day. */
export function dayStateWords(state: DayState): string {
	switch (state) {
		case 'finished':
			return '';
		case 'none':
			return 'no record';
		case 'underway':
			return 'under way';
		case 'future':
			return 'not yet';
		case 'unread':
			return 'not read yet';
		case 'failed':
			return 'could not be loaded';
	}
}

function days(count: number): string {
	return countOf(count, 'day');
}

/**
 * What a figure over a span rests on, said beside it when it is not the whole span (null then):
 * "so far: 48 of 362 days", "based on the 29 days stored in this browser", "300 of 365 days; the
 * rest could not be loaded". Today, still under way, is never part of either number.
 */
export function basisNote(basis: Basis): string | null {
	if (basis.whole) return null;
	switch (basis.why) {
		case 'loading':
			return `so far: ${formatInteger(basis.days)} of ${days(basis.of)}`;
		case 'stored':
			return `based on the ${days(basis.days)} stored in this browser`;
		case 'failed':
			return `${formatInteger(basis.days)} of ${days(basis.of)}; the rest could not be loaded`;
	}
}

/** The line a view shows above what it draws when its span is not complete; null when it is. */
export interface SpanNote {
	tone: 'busy' | 'stale' | 'failed';
	text: string;
}

/**
 * The span's state in one sentence: still being read ("Reading activity: 48 of 362 days so
 * far"), offline ("Offline: showing the 29 days stored in this browser, as of 09:30"), or failed
 * ("Couldn't load sleep: the data service answered 500").
 */
export function spanNote(coverage: Coverage, label: string, tz: string): SpanNote | null {
	const status = coverage.status;
	switch (status.kind) {
		case 'complete':
			return null;
		case 'loading':
			return {
				tone: 'busy',
				text: `Reading ${label}: ${formatInteger(coverage.read)} of ${days(coverage.total)} so far.`
			};
		case 'stale': {
			const since = status.since === null ? '' : `, as of ${formatClock(status.since, tz)}`;
			const shown =
				coverage.read === coverage.total
					? `showing what is stored in this browser${since}`
					: `showing the ${days(coverage.read)} of ${formatInteger(coverage.total)} stored in this browser${since}`;
			return { tone: 'stale', text: `Offline: ${shown}.` };
		}
		case 'failed':
			return { tone: 'failed', text: `Couldn’t load ${label}: ${lowerFirst(status.reason)}` };
	}
}

function lowerFirst(text: string): string {
	return text.charAt(0).toLowerCase() + text.slice(1);
}
