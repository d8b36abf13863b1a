// The Workouts view's choices come from its URL.
import { parseWorkoutsView } from '$lib/views/workouts/workouts-view';
import type { PageLoad } from './$types';

export const load: PageLoad = ({ url }) => ({ view: parseWorkoutsView(url) });
