import { parseSleepView } from '$lib/views/sleep/sleep-view';
import type { PageLoad } from './$types';

export const load: PageLoad = ({ url }) => ({ view: parseSleepView(url) });
