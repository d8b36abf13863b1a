import { describe, expect, it } from 'vitest';
import { SourceRanking } from './sources';

const WATCH_DEVICE = '<<HKDevice: 0x2>, name:Apple Watch, model:Watch, hardware:Watch6,1>';
const PHONE_DEVICE = '<<HKDevice: 0x1>, name:iPhone, model:iPhone, hardware:iPhone15,2>';

describe('the ranking of sources', () => {
	it('gives a source named Watch one id whatever device it names', () => {
		const ranking = new SourceRanking();
		const watch = ranking.idOf('Anna’s Apple Watch', WATCH_DEVICE);
		expect(ranking.idOf('Anna’s Apple Watch', undefined)).toBe(watch);
		expect(ranking.idOf('Anna’s Apple Watch', PHONE_DEVICE)).toBe(watch);
		expect(ranking.isWatch(watch)).toBe(true);
	});

	it('tells a watch by its device when its name does not say so, and ranks it first', () => {
		const ranking = new SourceRanking();
		const phone = ranking.idOf('Anna’s iPhone', PHONE_DEVICE);
		const watch = ranking.idOf('Health', WATCH_DEVICE);
		const app = ranking.idOf('Health', undefined);
		expect(new Set([phone, watch, app]).size).toBe(3);
		expect(ranking.isWatch(watch)).toBe(true);
		expect(ranking.isWatch(app)).toBe(false);
		expect(ranking.idOf('Health', WATCH_DEVICE)).toBe(watch);
		expect(ranking.prefers(watch, phone)).toBe(true);
		// Within a class, the name decides.
		expect(ranking.prefers(phone, app)).toBe(true);
	});
});
