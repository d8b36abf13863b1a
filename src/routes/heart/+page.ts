// The Heart view's choices come from its URL.
import { parseHeartView } from '$lib/views/heart-body/heart-view';
import type { PageLoad } from './$types';

export const load: PageLoad = ({ url }) => ({ view: parseHeartView(url) });
