// Changing a view's choices: a new URL (so back/forward and copied links work), focus and scroll kept.
import { goto } from '$app/navigation';
import { withParams, type ParamValue } from '$lib/views/url-state';

/**
 * Goes to the current page with `updates` applied to its query; the path itself is unchanged.
 * `dates` names the parameters written as ISO dates (see `withParams`).
 */
export function navigate(
	url: URL,
	updates: Record<string, ParamValue>,
	dates: readonly string[] = []
): Promise<void> {
	// The path is the router's own current path (already resolved against the base); only the
	// query changes, which resolve() has no say in.
	// eslint-disable-next-line svelte/no-navigation-without-resolve
	return goto(withParams(url, updates, dates), { keepFocus: true, noScroll: true });
}
