// Zod schemas of what wraps every API answer: the meta envelope, collections and failures.
import * as z from 'zod/mini';

export { apiVersionSchema, type ApiVersion } from './version';

/**
 * `meta` of every response. `error_type` (short machine string) and `error_detail` (a sentence)
 * come only with failures; the specification leaves failures "not shown"; docs/api-choices.md says how they look.
 */
export const metaSchema = z.looseObject({
	/** The user the data belongs to. */
	user_xid: z.string(),
	/** `OK` on success; `Created` for a new mood; a sentence for a deleted body event. */
	message: z.string(),
	/** Normally 200; equals the HTTP status on failure. */
	code: z.int(),
	/** Epoch seconds of the response. */
	time: z.int(),
	error_type: z.optional(z.string()),
	error_detail: z.optional(z.string())
});
export type Meta = z.infer<typeof metaSchema>;

/** `{meta, data}` around a payload schema. */
export function envelopeSchema<T extends z.core.SomeType>(data: T) {
	return z.looseObject({ meta: metaSchema, data });
}
export type Envelope<T> = { meta: Meta; data: T };

/**
 * A failure. There may be no user (401) and no clock, so only `code` (>= 400) and `message` are
 * required; `data` is whatever came along, usually `{}` or absent.
 */
export const errorMetaSchema = z.looseObject({
	user_xid: z.optional(z.string()),
	message: z.string(),
	code: z.int().check(z.gte(400, 'expected a failure code (400 or more)')),
	time: z.optional(z.int()),
	error_type: z.optional(z.string()),
	error_detail: z.optional(z.string())
});
export type ErrorMeta = z.infer<typeof errorMetaSchema>;

export const errorEnvelopeSchema = z.looseObject({
	meta: errorMetaSchema,
	data: z.optional(z.unknown())
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** `data` of deletes and goal writes: `{}` (any extra field is tolerated and ignored). */
export const emptyDataSchema = z.looseObject({});

/** A `next` link: relative to `{base_url}` and opaque (page_token or rewritten time range). */
export const relativeLinkSchema = z
	.string()
	.check(
		z.refine(
			(link) => link.startsWith('/') && !link.startsWith('//'),
			'expected a relative link starting with /'
		)
	);

/** `links` of a list; `next` is absent on the last page. */
export const linksSchema = z.looseObject({ next: z.optional(relativeLinkSchema) });

/** A list: `items`, `size` (items in this page) and `links.next` (absent on the friends list). */
export function collectionSchema<T extends z.core.SomeType>(item: T) {
	return z.looseObject({
		items: z.array(item),
		size: z.int().check(z.gte(0, 'expected a size of 0 or more')),
		links: z.optional(linksSchema)
	});
}
export type Collection<T> = { items: T[]; size: number; links?: { next?: string } };
