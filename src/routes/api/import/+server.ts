// Uploads an export (Apple Health export.zip/export.xml, a UP .csv) into the embedded API; see $lib/server/import-upload.
import { importEvent } from '$lib/server/app';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = (event) => importEvent(event);
