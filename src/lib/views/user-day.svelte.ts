// The person's "today" and home zone, as the data layer learned them from the API.
import { getDataLayer, type PersonDay } from '$lib/cache/data-layer.svelte';

/** The browser's one view of the person's day (the data layer asks the API, in its version). */
export function getUserDay(): PersonDay {
	return getDataLayer().day();
}
