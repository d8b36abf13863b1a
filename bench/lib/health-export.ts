// Writes the generated Apple Health export the import benchmark measures: `npx tsx bench/lib/health-export.ts OUT.xml [MB]`.
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PHONE =
	'sourceName="Anna’s iPhone" sourceVersion="17.4" device="&lt;&lt;HKDevice: 0x1&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.4&gt;"';
const WATCH =
	'sourceName="Anna’s Apple Watch" sourceVersion="10.4" device="&lt;&lt;HKDevice: 0x2&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.4&gt;"';

/** When the export was made: every record lies before it. */
const EXPORTED = Date.UTC(2026, 0, 1) / 1000;
/** A generated day takes about 175 KB; this is less, so the days never reach EXPORTED. */
const MIN_BYTES_PER_DAY = 160_000;

/** A fixed-seed generator, so every run measures the same file. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1664525 + 1013904223) % 4294967296;
		return state / 4294967296;
	};
}

function stamp(epoch: number, offsetMin: number): string {
	const wall = new Date((epoch + offsetMin * 60) * 1000).toISOString();
	const sign = offsetMin < 0 ? '-' : '+';
	const abs = Math.abs(offsetMin);
	const hh = String(Math.floor(abs / 60)).padStart(2, '0');
	const mm = String(abs % 60).padStart(2, '0');
	return `${wall.slice(0, 10)} ${wall.slice(11, 19)} ${sign}${hh}${mm}`;
}

/**
 * Writes an export of phone and watch samples, a night a day and a resting heart rate from 1 January
 * 2022 on, until it holds `targetBytes`.
 */
export async function writeExport(path: string, targetBytes: number): Promise<void> {
	const out = createWriteStream(path);
	const next = random(42);
	let written = 0;
	const write = async (text: string) => {
		written += Buffer.byteLength(text);
		if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
	};
	const record = (
		type: string,
		source: string,
		start: number,
		end: number,
		offset: number,
		value: string,
		unit: string
	) =>
		` <Record type="HKQuantityTypeIdentifier${type}" ${source} unit="${unit}" creationDate="${stamp(end, offset)}" startDate="${stamp(start, offset)}" endDate="${stamp(end, offset)}" value="${value}"/>\n`;
	await write(
		`<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData (ExportDate,Record*)>\n]>\n<HealthData locale="en_DE">\n <ExportDate value="${stamp(EXPORTED, 60)}"/>\n`
	);
	// The days end before the export's date (records after it would be skipped): the first day
	// lies as many days back as the size asks for, at fewer bytes a day than a day takes.
	let day = EXPORTED - Math.ceil(targetBytes / MIN_BYTES_PER_DAY) * 86400;
	while (written < targetBytes) {
		const offset =
			new Date(day * 1000).getUTCMonth() >= 3 && new Date(day * 1000).getUTCMonth() <= 9 ? 120 : 60;
		const morning = day + 6 * 3600;
		for (let t = morning; t < day + 22 * 3600; t += 600) {
			const steps = Math.floor(next() * 900);
			await write(record('StepCount', WATCH, t, t + 540, offset, String(steps), 'count'));
			await write(
				record(
					'DistanceWalkingRunning',
					WATCH,
					t,
					t + 540,
					offset,
					(steps * 0.00075).toFixed(5),
					'km'
				)
			);
			await write(
				record('ActiveEnergyBurned', WATCH, t, t + 300, offset, (next() * 12).toFixed(3), 'kcal')
			);
			await write(
				record('BasalEnergyBurned', WATCH, t, t + 600, offset, (next() * 2 + 10).toFixed(3), 'kcal')
			);
			if (next() < 0.7)
				await write(
					record(
						'StepCount',
						PHONE,
						t + 60,
						t + 420,
						offset,
						String(Math.floor(steps * 0.8)),
						'count'
					)
				);
		}
		await write(
			record(
				'RestingHeartRate',
				WATCH,
				morning,
				morning,
				offset,
				String(55 + Math.floor(next() * 8)),
				'count/min'
			)
		);
		let t = day - 1.5 * 3600;
		for (const stage of [
			'AsleepCore',
			'AsleepDeep',
			'AsleepCore',
			'AsleepREM',
			'Awake',
			'AsleepCore',
			'AsleepREM'
		]) {
			const length = 1800 + Math.floor(next() * 3600);
			await write(
				` <Record type="HKCategoryTypeIdentifierSleepAnalysis" ${WATCH} creationDate="${stamp(t + length, offset)}" startDate="${stamp(t, offset)}" endDate="${stamp(t + length, offset)}" value="HKCategoryValueSleepAnalysis${stage}"/>\n`
			);
			t += length;
		}
		day += 86400;
	}
	await write('</HealthData>\n');
	await new Promise<void>((resolve, reject) =>
		out.end((error?: Error | null) => (error ? reject(error) : resolve()))
	);
}

// Run as a script: write the file named, of the size asked (MiB, default 1000).
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const [out, mb] = process.argv.slice(2);
	if (out === undefined) {
		console.error('Usage: npx tsx bench/lib/health-export.ts OUT.xml [MB]');
		process.exit(2);
	}
	await writeExport(out, Number(mb ?? 1000) * 1024 * 1024);
}
