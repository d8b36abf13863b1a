import { parseActivityView } from '$lib/views/activity/activity-view';
import type { PageLoad } from './$types';

export const load: PageLoad = ({ url }) => ({ view: parseActivityView(url) });
