// The event that asks a chart's canvas to paint again at once, in the colours the page has now.

/**
 * Sent to a chart's canvas when the colours it should paint with change under it (an export in
 * the light scheme): a canvas keeps the pixels it was painted with, so it must paint again. Its
 * own module, so a chart listens for it without loading the exporters.
 */
export const REPAINT_EVENT = 'chartrepaint';
