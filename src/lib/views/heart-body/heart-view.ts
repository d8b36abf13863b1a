// The Heart view's URL state as a typed model.
import { choiceParam } from '$lib/views/url-state';
import { TRAILING_SPANS, type TrailingSpan } from './trailing';

/** What the Heart URL says: `?period=year`. */
export interface HeartView {
	span: TrailingSpan;
}

export function parseHeartView(url: URL): HeartView {
	return {
		span: choiceParam(url, 'period', TRAILING_SPANS, 'month')
	};
}
