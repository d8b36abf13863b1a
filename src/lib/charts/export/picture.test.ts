import { describe, expect, it } from 'vitest';
import { escapeXml, headerSvgMarkup } from './picture';
import type { HeaderLayout } from './header';

const header: HeaderLayout = {
	height: 86,
	title: { x: 16, y: 32 },
	subtitle: { x: 16, y: 50 },
	legend: [
		{ item: { label: 'Steps this hour', color: 'var(--steps)' }, x: 16, y: 72 },
		{ item: { label: 'Last year', color: 'var(--muted)', dashed: true }, x: 140, y: 72 },
		{ item: { label: 'Met', color: 'var(--accent)', mark: 'dot' }, x: 230, y: 72 }
	]
};
const colours = {
	background: '#ffffff',
	text: '#1c1f23',
	muted: '#5b6470',
	swatches: ['#0f766e', '#5b6470', '#0f766e']
};

describe('the exported SVG header', () => {
	it('writes the title, the dates and each legend entry where the layout put them', () => {
		const markup = headerSvgMarkup(
			header,
			{ title: 'Steps per hour', subtitle: 'Mon 30 Mar' },
			'system-ui',
			colours
		);
		expect(markup).toContain(
			'<text x="16" y="32" font-family="system-ui" font-size="16" font-weight="600" fill="#1c1f23">Steps per hour</text>'
		);
		expect(markup).toContain('fill="#5b6470">Mon 30 Mar</text>');
		expect(markup).toContain('<rect x="16" y="62" width="12" height="12" fill="#0f766e"/>');
		expect(markup).toContain('<text x="34" y="72"');
		expect(markup).toContain('>Steps this hour</text>');
		expect(markup).toContain(
			'<line x1="140" y1="68" x2="152" y2="68" stroke="#5b6470" stroke-width="2" stroke-dasharray="4 2"/>'
		);
		expect(markup).toContain('<circle cx="236" cy="68" r="3" fill="#0f766e"/>');
	});

	it('leaves out the dates line when there is none', () => {
		const markup = headerSvgMarkup(
			{ ...header, subtitle: null, legend: [] },
			{ title: 'Goals' },
			'system-ui',
			colours
		);
		expect(markup.match(/<text/g)).toHaveLength(1);
	});

	it('escapes what would break the file', () => {
		expect(escapeXml('Sleep & naps <"Mon">')).toBe('Sleep &amp; naps &lt;&quot;Mon&quot;&gt;');
		const markup = headerSvgMarkup(header, { title: 'A & B' }, '"Segoe UI", sans-serif', colours);
		expect(markup).toContain('font-family="&quot;Segoe UI&quot;, sans-serif"');
		expect(markup).toContain('>A &amp; B</text>');
	});
});
