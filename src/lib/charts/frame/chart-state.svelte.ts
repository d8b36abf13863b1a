// One chart's shared state: its measured size, its scales, and which datum is active and chosen.
import { createContext } from 'svelte';
import type { Attachment } from 'svelte/attachments';
import { keyMove, type KeyMove } from './keyboard';
import { nearestByX } from './pointer';
import { innerSize, type FrameScale, type Margin } from './scales';

/** A point in plot coordinates (inside the margins). */
export interface PlotPoint {
	x: number;
	y: number;
}

/** Where a chart's data sit, so the frame can point at, step through and describe them. */
export interface ChartData<Mark = unknown> {
	/** How many data the chart has. */
	count: number;
	/** Datum `index` as the chart laid it out, for its tooltip. */
	mark(index: number): Mark | undefined;
	/** Where datum `index`'s tooltip points, in plot coordinates. */
	anchor(index: number): PlotPoint;
	/** The datum under a plot point; default the one whose anchor is nearest along x. */
	at?(x: number, y: number): number | null;
	/** How a key moves from datum `index`; default arrows, Home/End and PageUp/PageDown along a row. */
	move?(key: string, index: number): KeyMove;
}

/** What the frame hands over once it is drawn: scales, data and where a choice goes. */
export interface ChartWiring {
	/** Unique per chart on the page, for ids inside it. */
	id: string;
	x: FrameScale;
	y: FrameScale;
	y2: FrameScale | undefined;
	data: ChartData<unknown>;
	onselect: ((index: number) => void) | undefined;
}

interface ChartSize {
	/** Width before the container is measured (server rendering, snapshots). */
	width: number;
	height: number;
	/** Space around the plot, or a function of the measured width for charts that narrow it. */
	margin: Margin | ((width: number) => Margin);
}

/**
 * A chart's data from its laid-out marks: `anchor` says where a mark's tooltip points (default
 * the middle of its top edge), `options` how pointer and keys find marks when not along x.
 */
export function markData<Mark>(
	marks: readonly Mark[],
	anchor: (mark: Mark) => PlotPoint,
	options: Pick<ChartData, 'at' | 'move'> = {}
): ChartData<Mark> {
	return {
		count: marks.length,
		mark: (index) => marks[index],
		anchor: (index) => {
			const mark = marks[index];
			return mark === undefined ? { x: 0, y: 0 } : anchor(mark);
		},
		...options
	};
}

/** The middle of a bar's top edge, where its tooltip points. */
export function barTop(bar: { x: number; width: number; y: number }): PlotPoint {
	return { x: bar.x + bar.width / 2, y: bar.y };
}

export const NO_DATA: ChartData<never> = {
	count: 0,
	mark: () => undefined,
	anchor: () => ({ x: 0, y: 0 })
};

/**
 * Created by a chart component from its size props, handed to its `ChartFrame`, and read by the
 * axes and marks inside it. The frame measures the container and wires in scales and data; the
 * chart derives its layout from `innerWidth`/`innerHeight` and spreads `datum(index)` on each mark.
 */
export class ChartState {
	#size: () => ChartSize;
	#measured = $state(0);
	#active = $state<number | null>(null);
	#anchor = $state(0);
	#wiring: (() => ChartWiring) | undefined;
	#container: HTMLElement | undefined;

	constructor(size: () => ChartSize) {
		this.#size = size;
	}

	/** The id the active datum's tooltip carries, for `aria-describedby`. */
	get tooltipId(): string {
		return `${this.#wired.id}-tip`;
	}

	get width(): number {
		return this.#measured > 0 ? this.#measured : this.#size().width;
	}

	get height(): number {
		return this.#size().height;
	}

	get margin(): Margin {
		const margin = this.#size().margin;
		return typeof margin === 'function' ? margin(this.width) : margin;
	}

	get innerWidth(): number {
		return innerSize(this.width, this.height, this.margin).innerWidth;
	}

	get innerHeight(): number {
		return innerSize(this.width, this.height, this.margin).innerHeight;
	}

	get #wired(): ChartWiring {
		if (!this.#wiring) throw new Error('A chart reads its scales only inside its ChartFrame');
		return this.#wiring();
	}

	get x(): FrameScale {
		return this.#wired.x;
	}

	get y(): FrameScale {
		return this.#wired.y;
	}

	get y2(): FrameScale | undefined {
		return this.#wiring?.().y2;
	}

	get #data(): ChartData {
		return this.#wiring?.().data ?? NO_DATA;
	}

	/** The datum whose tooltip is shown, or null. */
	get active(): number | null {
		return this.#active !== null && this.#active < this.#data.count ? this.#active : null;
	}

	/** Where the active datum's tooltip points, in plot coordinates. */
	get activeAnchor(): PlotPoint | undefined {
		const active = this.active;
		return active === null ? undefined : this.#data.anchor(active);
	}

	/** Called once by the frame: from here on scales and data come from its props. */
	wire(wiring: () => ChartWiring): void {
		this.#wiring = wiring;
	}

	/** Measures the container (whole pixels, without a synchronous layout) and remembers it. */
	readonly measure: Attachment<HTMLElement> = (node) => {
		this.#container = node;
		const observer = new ResizeObserver((entries) => {
			for (const entry of entries) this.#measured = Math.round(entry.contentRect.width);
		});
		observer.observe(node);
		return () => {
			observer.disconnect();
			this.#container = undefined;
		};
	};

	show(index: number): void {
		this.#active = index;
		this.#anchor = index;
	}

	hide(): void {
		this.#active = null;
	}

	select(index: number): void {
		this.show(index);
		this.#wiring?.().onselect?.(index);
	}

	/** The datum a point of the plot means (for pointer and touch). */
	at(x: number, y: number): number | null {
		const data = this.#data;
		return data.at ? data.at(x, y) : nearestByX(data.count, (i) => data.anchor(i).x, x);
	}

	/**
	 * A key on the chart: arrows move the active datum, Enter chooses it, Escape hides the tip.
	 * `roving` moves DOM focus along (each datum is its own tab stop); keys used do not scroll.
	 */
	keydown(event: KeyboardEvent, roving: boolean): void {
		const current = this.active ?? this.#anchor;
		if (event.key === 'Enter' || (event.key === ' ' && roving)) {
			if (current >= this.#data.count) return;
			event.preventDefault();
			this.select(current);
			return;
		}
		const data = this.#data;
		const move = data.move
			? data.move(event.key, current)
			: keyMove(event.key, current, data.count);
		if (move.kind === 'none') return;
		event.preventDefault();
		if (move.kind === 'hide') {
			this.hide();
			return;
		}
		this.show(move.index);
		if (roving) {
			const target = this.#container?.querySelector(`[data-index="${move.index}"]`);
			if (target instanceof SVGElement || target instanceof HTMLElement) target.focus();
		}
	}

	/** Spread on each focusable mark of a chart whose data are each a tab stop (a grid of cells). */
	datum(index: number) {
		return {
			role: 'gridcell',
			'data-index': index,
			tabindex: index === this.#anchor ? 0 : -1,
			'aria-describedby': this.active === index ? this.tooltipId : undefined,
			onfocus: () => this.show(index),
			onblur: () => this.hide(),
			onkeydown: (event: KeyboardEvent) => this.keydown(event, true)
		};
	}

	/** Spread on the one focusable element of a chart read with a cursor (a line, a heatmap). */
	cursor() {
		return {
			tabindex: 0,
			'aria-describedby': this.active === null ? undefined : this.tooltipId,
			onfocus: () => {
				const count = this.#data.count;
				if (this.#active === null && count > 0) this.show(Math.min(this.#anchor, count - 1));
			},
			onblur: () => this.hide(),
			onkeydown: (event: KeyboardEvent) => this.keydown(event, false)
		};
	}
}

export const [getChart, setChart] = createContext<ChartState>();
