// Where sign-in returns to: apart from the permission lists, which the header's Sign in never needs.

/** The path of a page, for `return_to`: path and query of this app only. */
export function returnPath(url: URL): string {
	return `${url.pathname}${url.search}`;
}
