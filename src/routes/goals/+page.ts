import { parseGoalsView } from '$lib/views/goals/goals-view';
import type { PageLoad } from './$types';

export const load: PageLoad = ({ url }) => ({ view: parseGoalsView(url) });
