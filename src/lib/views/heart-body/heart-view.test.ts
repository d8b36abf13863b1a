import { describe, expect, it } from 'vitest';
import { parseHeartView } from './heart-view';

describe('parseHeartView', () => {
	it('reads the span, a month unless the URL names another', () => {
		expect(parseHeartView(new URL('http://x/heart'))).toEqual({ span: 'month' });
		expect(parseHeartView(new URL('http://x/heart?period=year'))).toEqual({ span: 'year' });
		expect(parseHeartView(new URL('http://x/heart?period=decade'))).toEqual({ span: 'month' });
	});
});
