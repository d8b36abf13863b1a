// A headline figure as a view lists it (Figures.svelte draws them).

/** One figure: its name, its value written out, and what it rests on when not the whole span. */
export interface Figure {
	label: string;
	value: string;
	/** "so far: 48 of 362 days", "today under way, left out"; none for a whole span. */
	note?: string | null;
}
