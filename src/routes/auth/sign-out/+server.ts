// Forgets the session's tokens and tells the page to clear its cached data.
import { signOutEvent } from '$lib/server/app';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = (event) => signOutEvent(event);
