// Tells the page its mode, sign-in state, cache key and scopes; never a token.
import { sessionEvent } from '$lib/server/app';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = (event) => sessionEvent(event);
