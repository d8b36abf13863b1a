// Browser calls to the Wellness API go through here; the allow-list and the token live in $lib/server/proxy.
import { proxyEvent } from '$lib/server/app';
import type { RequestHandler } from './$types';

// Every method lands here so a wrong one gets the API's own 405 with Allow.
export const fallback: RequestHandler = (event) => proxyEvent(event);
