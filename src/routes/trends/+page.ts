// The Trends view model, read from the URL before the page draws.
import { parseTrendsView } from '$lib/views/trends/trends-state';
import type { PageLoad } from './$types';

export const load: PageLoad = ({ url }) => ({ view: parseTrendsView(url) });
