// The Mood view's choices come from its URL.
import { parseMoodView } from '$lib/views/mood/mood-view';
import type { PageLoad } from './$types';

export const load: PageLoad = ({ url }) => ({ view: parseMoodView(url) });
