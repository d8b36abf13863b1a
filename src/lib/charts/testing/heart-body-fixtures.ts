// Named inputs for the heart and body chart snapshots (Europe/Berlin user, fixed dates, clock change included).
import { heartBaseline, type BaselinePoint } from '$lib/metrics/heart';
import { weightTrend, type WeighIn } from '$lib/metrics/body';
import { addDays } from '$lib/time/zone';
import type { BodyPoint } from '../body-chart/body-chart';

// Resting heart rate of six weeks from 1 March 2026 (the clocks went forward on 29 March), with
// a cold in the last week lifting it above the baseline and two days without the band.
const HEART_BPM = [
	58, 57, 59, 58, 56, 57, 58, 59, 57, 58, 56, 57, 58, 60, 59, 57, 58, 57, 56, 58, 59, 57, 58, 57,
	56, 58, 57, 59, 58, 57, 58, 56, 57, 58, 63, 66, 65, 62, 59, 58, 57, 56
];
const MISSING_DAYS = new Set([20260310, 20260311]);

export const heartSixWeeks: BaselinePoint[] = heartBaseline(
	HEART_BPM.map((bpm, i) => {
		const date = addDays(20260301, i);
		return { date, bpm, time: 1_772_348_400 + i * 86_400, tz: 'Europe/Berlin' };
	}).filter((reading) => !MISSING_DAYS.has(reading.date))
);

// Sunday weigh-ins of two months, losing slowly, with body fat, lean mass and BMI.
const WEIGHTS = [71.4, 71.0, 71.2, 70.6, 70.3, 70.5, 69.9, 69.6, 69.4];
const sundays: WeighIn[] = WEIGHTS.map((weightKg, i) => {
	const date = addDays(20260201, i * 7);
	return {
		xid: `weigh-${date}`,
		date,
		time: 1_769_929_200 + i * 7 * 86_400,
		tz: 'Europe/Berlin',
		weightKg,
		bodyFat: Math.round((30 - i * 0.2) * 10) / 10,
		leanMass: Math.round((70 + i * 0.2) * 10) / 10,
		bmi: Math.round((weightKg / 1.7 ** 2) * 10) / 10
	};
});
const sundayTrend = weightTrend(sundays);

export const weighInsTwoMonths: BodyPoint[] = sundays.map((entry, i) => ({
	date: entry.date,
	value: entry.weightKg,
	trend: sundayTrend[i] ?? null,
	entry
}));
