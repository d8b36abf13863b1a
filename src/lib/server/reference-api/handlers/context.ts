// What every endpoint handler receives and returns.
import type { ApiVersion, EndpointSpec } from '$lib/api/endpoints';
import type { JournalEntry } from '../journal';
import type { Grant, OAuthServer } from '../oauth';
import type { RecordKind, Store } from '../store';
import type { TrendsEngine } from '../trends';

export interface HandlerContext {
	store: Store;
	oauth: OAuthServer;
	trends: TrendsEngine;
	grant: Grant;
	endpoint: EndpointSpec;
	version: ApiVersion;
	xid: string;
	/** Validated query parameters. */
	query: Record<string, string>;
	/** Validated payload fields. */
	body: Record<string, string>;
	nowSec: number;
	/** Journals an entry (fsync) and then applies it to the store. */
	commit(entry: JournalEntry): Promise<void>;
	/** A fresh record id. */
	newXid(): string;
}

/** A handler's answer: the `data` of a success envelope, or a ready Response (images). */
export type HandlerResult =
	{ data: unknown; status?: number; code?: number; message?: string } | Response;

export type Handler = (context: HandlerContext) => HandlerResult | Promise<HandlerResult>;

/** The store kind behind an endpoint id such as 'body_events.list'. */
export function kindOf(endpoint: EndpointSpec): RecordKind {
	const prefix = endpoint.id.slice(0, endpoint.id.indexOf('.'));
	switch (prefix) {
		case 'workouts':
		case 'sleeps':
		case 'moves':
		case 'body_events':
		case 'mood':
		case 'meals':
		case 'heartrates':
		case 'generic_events':
		case 'cardiac_events':
		case 'bandevents':
			return prefix;
		default:
			throw new Error(`no record kind for ${endpoint.id}`);
	}
}

export const hasScope = (context: HandlerContext, scope: string): boolean =>
	context.grant.scopes.has(scope);
