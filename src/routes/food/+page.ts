// The Food view's choices come from its URL.
import { parseFoodView } from '$lib/views/food/food-view';
import type { PageLoad } from './$types';

export const load: PageLoad = ({ url }) => ({ view: parseFoodView(url) });
