// Which datum of a chart is active (hovered or focused) and which one holds the roving tab stop.
import { keyMove } from './keyboard';

export class DatumFocus {
	#active = $state<number | null>(null);
	#anchor = $state(0);

	/** The datum whose tooltip is shown, or null. */
	get active(): number | null {
		return this.#active;
	}

	/** The datum that takes Tab focus: one tab stop per chart, arrows move within it. */
	get anchor(): number {
		return this.#anchor;
	}

	tabIndex(index: number): 0 | -1 {
		return index === this.#anchor ? 0 : -1;
	}

	show(index: number): void {
		this.#active = index;
		this.#anchor = index;
	}

	hide(): void {
		this.#active = null;
	}

	/**
	 * Handles a key on the focused datum: arrows move the tab stop and the tooltip, and
	 * `focusIndex` moves DOM focus (the chart knows its elements); Escape hides the tooltip.
	 * Keys it uses do not scroll the page.
	 */
	keydown(
		event: KeyboardEvent,
		count: number,
		focusIndex: (index: number) => void,
		columns = count
	): void {
		const move = keyMove(event.key, this.#active ?? this.#anchor, count, columns);
		if (move.kind === 'none') return;
		event.preventDefault();
		if (move.kind === 'hide') {
			this.hide();
			return;
		}
		this.show(move.index);
		focusIndex(move.index);
	}
}

/** Focuses the element of a chart that carries `data-index="index"`. */
export function focusDatumElement(container: Element | undefined, index: number): void {
	const target = container?.querySelector(`[data-index="${index}"]`);
	if (target instanceof SVGElement || target instanceof HTMLElement) target.focus();
}
