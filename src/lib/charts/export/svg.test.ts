import { describe, expect, it } from 'vitest';
import { inlineStyle } from './svg';

describe('inlineStyle', () => {
	it('writes resolved values and skips empty and initial ones', () => {
		const computed: Record<string, string> = {
			fill: 'rgb(15, 118, 110)',
			stroke: 'none',
			'stroke-width': '1px',
			opacity: '1',
			'stroke-dasharray': '4px, 3px',
			'font-size': '11px'
		};
		const style = inlineStyle((property) => computed[property] ?? '');
		expect(style).toBe(
			'fill:rgb(15, 118, 110);stroke:none;stroke-width:1px;stroke-dasharray:4px, 3px;font-size:11px'
		);
		expect(style).not.toContain('opacity');
	});

	it('never leaves a CSS variable for the reader to resolve when the browser resolved it', () => {
		const style = inlineStyle((property) => (property === 'fill' ? ' rgb(30, 58, 138) ' : ''));
		expect(style).toBe('fill:rgb(30, 58, 138)');
	});
});
