import { describe, expect, it } from 'vitest';
import { hypnogram } from '$lib/metrics';
import {
	at,
	BERLIN,
	makeSleep,
	ordinaryNight,
	springForwardNight
} from '$lib/metrics/testing/fixtures';
import { nightFigures, nightTimes } from './night-summary';

describe('a night in figures', () => {
	it('lists asleep, in bed and each part of the night, adding up to the time in bed', () => {
		const night = hypnogram(ordinaryNight.sleep, ordinaryNight.ticks);
		const figures = nightFigures(night);
		expect(figures.map((figure) => figure.key)).toEqual([
			'asleep',
			'inBed',
			'latency',
			'awake',
			'light',
			'deep'
		]);
		const byKey = Object.fromEntries(figures.map((figure) => [figure.key, figure.seconds]));
		expect(byKey.inBed).toBe(ordinaryNight.sleep.details.duration);
		expect((byKey.latency ?? 0) + (byKey.awake ?? 0) + (byKey.light ?? 0) + (byKey.deep ?? 0)).toBe(
			byKey.inBed
		);
		expect(byKey.asleep).toBe(
			(ordinaryNight.sleep.details.light ?? 0) + (ordinaryNight.sleep.details.deep ?? 0)
		);
		expect(figures.find((figure) => figure.key === 'latency')?.text).toBe('15 min');
	});

	it('lists REM sleep for a night that has some, and only then', () => {
		const watchNight = makeSleep({
			bedtime: at(20190306, 23, 0, BERLIN),
			wake: at(20190307, 6, 0, BERLIN),
			phases: [
				[0, 2],
				[180, 4],
				[240, 3],
				[300, 4],
				[400, 1]
			]
		});
		const figures = nightFigures(hypnogram(watchNight.sleep, watchNight.ticks));
		const rem = figures.find((figure) => figure.key === 'rem');
		// REM 60 + 100 minutes.
		expect(rem).toMatchObject({ label: 'REM sleep', seconds: 160 * 60, text: '2 h 40 min' });
		expect(figures.map((figure) => figure.key)).toEqual([
			'asleep',
			'inBed',
			'latency',
			'awake',
			'rem',
			'light',
			'deep'
		]);
	});

	it('writes bed and wake times on the wall clock of the night across the spring change', () => {
		expect(nightTimes(hypnogram(springForwardNight.sleep, springForwardNight.ticks))).toBe(
			'23:00 – 07:00 (Europe/Berlin)'
		);
	});
});
