// How many columns a row of choice buttons takes in the room it has, so no choice is left alone on a row.

/** About the width of one character of a button label (0.875rem system font, DejaVu's widest), in px. */
const CHAR_PX = 7.8;
/** A button's padding and its separator, in px. */
const BUTTON_PAD_PX = 26;

/** The width a button with a label of `length` characters needs, in px (an estimate). */
function buttonWidth(length: number): number {
	return length * CHAR_PX + BUTTON_PAD_PX;
}

/**
 * The columns of a group of choices with labels of these lengths in `room` px: all in one row
 * when they fit, else the fewest rows of equal columns (the widest label's width) that fit, as
 * even as can be and never with one choice alone on the last row, so "Active time" does not
 * wrap alone under the rest: four choices make two rows of two, five three and two, three a
 * stack. All in a row while the room is not known (`null`).
 */
export function choiceColumns(labelLengths: readonly number[], room: number | null): number {
	const count = labelLengths.length;
	if (room === null || count <= 1) return Math.max(count, 1);
	const natural = labelLengths.reduce((sum, length) => sum + buttonWidth(length), 0);
	if (natural <= room) return count;
	const widest = Math.max(1, Math.floor(room / buttonWidth(Math.max(...labelLengths))));
	for (let rows = Math.ceil(count / widest); rows < count; rows++) {
		const columns = Math.ceil(count / rows);
		const lastRow = count - (rows - 1) * columns;
		if (lastRow >= 2) return columns;
	}
	return 1;
}
