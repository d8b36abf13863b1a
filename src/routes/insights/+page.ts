// The Insights view has no choices of its own: it always reads the last year.
import type { PageLoad } from './$types';

export const load: PageLoad = () => ({});
