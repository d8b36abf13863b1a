// Starts OAuth sign-in: `?scopes=` (optional subset) and `?return_to=` (a path of this app).
import { signInEvent } from '$lib/server/app';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = (event) => signInEvent(event);
