// The typed context a ChartFrame hands to its children: frame size, margins and positional scales.
import { createContext } from 'svelte';
import type { FrameScale, Margin } from './scales';

export interface ChartContext {
	readonly width: number;
	readonly height: number;
	readonly margin: Margin;
	readonly innerWidth: number;
	readonly innerHeight: number;
	readonly x: FrameScale;
	readonly y: FrameScale;
	/** The twin right-hand scale, when the chart has one. */
	readonly y2: FrameScale | undefined;
}

// Getters on the object keep children reactive to frame changes without re-setting the context.
export const [getChartContext, setChartContext] = createContext<ChartContext>();
