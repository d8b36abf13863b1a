import { describe, expect, it } from 'vitest';
import { Stream, Streams } from './random';

describe('random', () => {
	it('repeats a stream for the same key and differs for another key', () => {
		const draws = (key: string) => {
			const stream = new Stream(key);
			return Array.from({ length: 8 }, () => stream.uint32());
		};
		expect(draws('1|night|20250330')).toEqual(draws('1|night|20250330'));
		expect(draws('1|night|20250330')).not.toEqual(draws('1|night|20250331'));
	});

	it('keeps draws in their ranges', () => {
		const stream = new Stream('ranges');
		for (let i = 0; i < 2000; i++) {
			const unit = stream.next();
			const whole = stream.int(3, 7);
			const normal = stream.normal(10, 2);
			expect(unit >= 0 && unit < 1).toBe(true);
			expect(whole >= 3 && whole <= 7 && Number.isInteger(whole)).toBe(true);
			expect(normal >= 4 && normal <= 16).toBe(true);
		}
	});

	it('makes stable, distinct 22-character xids', () => {
		const streams = new Streams(20140101);
		const xids = new Set<string>();
		for (let n = 0; n < 5000; n++) xids.add(streams.xid('meal', 20250101, n));
		expect(xids.size).toBe(5000);
		for (const xid of xids) expect(xid).toMatch(/^[A-Za-z0-9_-]{22}$/);
		expect(streams.xid('move', 20250101)).toBe(new Streams(20140101).xid('move', 20250101));
		expect(streams.xid('move', 20250101)).not.toBe(new Streams(7).xid('move', 20250101));
		expect(streams.stableXid('food', 'apple')).toBe(streams.xid('food', 'apple'));
	});
});
