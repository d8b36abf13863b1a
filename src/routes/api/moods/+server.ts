// The moods of a span of days in one answer; the rules and the token live in $lib/server/moods.
import { moodsEvent } from '$lib/server/app';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = (event) => moodsEvent(event);
