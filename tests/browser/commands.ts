// Browser commands the component tests call that Vitest's userEvent lacks: a real finger tap, a dark page.
import type { BrowserCommand } from 'vitest/node';

/** Where on the element, in CSS px from its top left corner; default its middle. */
export interface TapPosition {
	x: number;
	y: number;
}

/**
 * Taps the element a locator's `selector` names with a touchscreen finger (the context has
 * touch), so the page sees what a phone sends: touch pointer events, then a click.
 */
export const tap: BrowserCommand<[selector: string, position?: TapPosition]> = async (
	context,
	selector,
	position
) => {
	await context.iframe.locator(selector).tap(position ? { position } : {});
};

/** Makes the page prefer a dark (or light) colour scheme, as a system set to dark does. */
export const colorScheme: BrowserCommand<[scheme: 'light' | 'dark']> = async (context, scheme) => {
	await context.page.emulateMedia({ colorScheme: scheme });
};

declare module 'vitest/browser' {
	interface BrowserCommands {
		tap: (selector: string, position?: TapPosition) => Promise<void>;
		colorScheme: (scheme: 'light' | 'dark') => Promise<void>;
	}
}
