// The Body view's choices come from its URL.
import { parseBodyView } from '$lib/views/heart-body/body-view';
import type { PageLoad } from './$types';

export const load: PageLoad = ({ url }) => ({ view: parseBodyView(url) });
