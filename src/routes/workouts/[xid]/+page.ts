// One workout's page: its id from the path, its date (when the link carries it) from the query.
import { parseWorkoutView } from '$lib/views/workouts/workouts-view';
import type { PageLoad } from './$types';

export const load: PageLoad = ({ url, params }) => ({ view: parseWorkoutView(url, params.xid) });
