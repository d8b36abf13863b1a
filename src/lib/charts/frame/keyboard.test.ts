import { describe, expect, it } from 'vitest';
import { keyMove } from './keyboard';

describe('keyMove', () => {
	it('steps along a row and stops at both ends', () => {
		expect(keyMove('ArrowRight', 3, 24)).toEqual({ kind: 'move', index: 4 });
		expect(keyMove('ArrowRight', 23, 24)).toEqual({ kind: 'move', index: 23 });
		expect(keyMove('ArrowLeft', 0, 24)).toEqual({ kind: 'move', index: 0 });
	});

	it('jumps to the ends and by ten', () => {
		expect(keyMove('Home', 12, 24)).toEqual({ kind: 'move', index: 0 });
		expect(keyMove('End', 2, 24)).toEqual({ kind: 'move', index: 23 });
		expect(keyMove('PageDown', 20, 24)).toEqual({ kind: 'move', index: 23 });
	});

	it('moves between rows only when data wrap into rows', () => {
		expect(keyMove('ArrowDown', 0, 3, 1)).toEqual({ kind: 'move', index: 1 });
		expect(keyMove('ArrowDown', 0, 24)).toEqual({ kind: 'none' });
	});

	it('hides on Escape and ignores other keys', () => {
		expect(keyMove('Escape', 5, 24)).toEqual({ kind: 'hide' });
		expect(keyMove('a', 5, 24)).toEqual({ kind: 'none' });
		expect(keyMove('ArrowRight', 0, 0)).toEqual({ kind: 'none' });
	});
});
