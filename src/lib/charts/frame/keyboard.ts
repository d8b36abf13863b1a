// Arrow-key movement between the data of a chart (roving focus), as a pure function of the key.

export type KeyMove = { kind: 'move'; index: number } | { kind: 'hide' } | { kind: 'none' };

/**
 * Where focus goes for a key press over `count` data laid out in rows of `columns` (a plain row of
 * bars has `columns = count`): Left/Right step, Up/Down jump a row, Home/End go to the ends,
 * PageUp/PageDown jump ten, Escape hides the tooltip.
 */
export function keyMove(key: string, index: number, count: number, columns = count): KeyMove {
	if (count <= 0) return { kind: 'none' };
	const clamp = (value: number) => Math.min(count - 1, Math.max(0, value));
	switch (key) {
		case 'ArrowRight':
			return { kind: 'move', index: clamp(index + 1) };
		case 'ArrowLeft':
			return { kind: 'move', index: clamp(index - 1) };
		case 'ArrowDown':
			return columns < count ? { kind: 'move', index: clamp(index + columns) } : { kind: 'none' };
		case 'ArrowUp':
			return columns < count ? { kind: 'move', index: clamp(index - columns) } : { kind: 'none' };
		case 'PageDown':
			return { kind: 'move', index: clamp(index + 10) };
		case 'PageUp':
			return { kind: 'move', index: clamp(index - 10) };
		case 'Home':
			return { kind: 'move', index: 0 };
		case 'End':
			return { kind: 'move', index: count - 1 };
		case 'Escape':
			return { kind: 'hide' };
		default:
			return { kind: 'none' };
	}
}
