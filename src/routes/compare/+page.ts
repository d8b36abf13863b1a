import { parseCompareView } from '$lib/views/compare/compare-state';
import type { PageLoad } from './$types';

export const load: PageLoad = ({ url }) => ({ view: parseCompareView(url) });
