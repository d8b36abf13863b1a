// Checks every imported record against the API's schemas before the sink sees it, and counts them.
import * as z from 'zod/mini';
import {
	isMoveTickList,
	bodyEventSchema,
	cardiacEventV10Schema,
	heartRateSchema,
	mealWithItemsSchema,
	moveSchema,
	moveTickSchema,
	sleepSchema,
	sleepTickSchema,
	workoutSchema
} from '$lib/api/records';
import type { MoveTick } from '$lib/api/records';
import { emptyCounts, ImportError, type ImportedRecord, type ImportSink } from './types';

const moveTickCheck = z.array(moveTickSchema);
const sleepTicksSchema = z.array(sleepTickSchema);

/** Hand-checked (isMoveTickList); zod only names what is wrong when a tick fails. */
function checkMoveTicks(ticks: readonly MoveTick[], what: string): void {
	if (isMoveTickList(ticks)) return;
	ticks.forEach((tick, index) => {
		if (!isMoveTickList([tick])) check(moveTickCheck, [tick], `${what} (ticks, #${index})`);
	});
}

function check(schema: z.ZodMiniType, value: unknown, what: string): void {
	const result = schema.safeParse(value);
	if (!result.success) {
		const issue = result.error.issues[0];
		const where = issue?.path.join('.') ?? '';
		throw new ImportError(`${what}: ${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'}`);
	}
}

/**
 * Validates (unless the sink checks every record itself: `ImportSink.checksRecords`), drops a
 * repeated id (the first one wins), and forwards to the sink.
 */
export class Collector {
	readonly counts = emptyCounts();
	readonly skipped: Record<string, number> = {};
	readonly #seen = new Set<string>();
	readonly #sink: ImportSink;
	readonly #check: boolean;

	constructor(sink: ImportSink) {
		this.#sink = sink;
		this.#check = sink.checksRecords !== true;
	}

	skip(reason: string, count = 1): void {
		this.skipped[reason] = (this.skipped[reason] ?? 0) + count;
	}

	async add(item: ImportedRecord): Promise<void> {
		const key = `${item.kind}/${item.record.xid}`;
		if (this.#seen.has(key)) return;
		this.#seen.add(key);
		if (this.#check) this.#checkRecord(item);
		this.counts[item.kind]++;
		await this.#sink.add(item);
	}

	#checkRecord(item: ImportedRecord): void {
		const what = `${item.kind} record of ${item.record.date}`;
		switch (item.kind) {
			case 'moves':
				check(moveSchema, item.record, what);
				checkMoveTicks(item.ticks, what);
				break;
			case 'sleeps':
				check(sleepSchema, item.record, what);
				check(sleepTicksSchema, item.ticks, `${what} (ticks)`);
				break;
			case 'workouts':
				check(workoutSchema, item.record, what);
				break;
			case 'body_events':
				check(bodyEventSchema, item.record, what);
				break;
			case 'meals':
				check(mealWithItemsSchema, item.record, what);
				break;
			case 'heartrates':
				check(heartRateSchema, item.record, what);
				break;
			case 'cardiac_events':
				check(cardiacEventV10Schema, item.record, what);
				break;
		}
	}
}
