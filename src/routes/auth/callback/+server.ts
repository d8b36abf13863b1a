// Where the upstream sends the browser back after consent: state check and code exchange.
import { callbackEvent } from '$lib/server/app';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = (event) => callbackEvent(event);
