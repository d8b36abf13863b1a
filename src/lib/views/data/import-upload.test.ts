import { describe, expect, it } from 'vitest';
import {
	notImportedSentence,
	progressText,
	readUploadAnswer,
	skippedLines,
	summaryRows,
	summarySentence,
	zoneSentence
} from './import-upload';

const counts = (moves: number, sleeps: number) => ({
	moves,
	sleeps,
	workouts: 0,
	body_events: 0,
	meals: 0,
	heartrates: 0,
	cardiac_events: 0
});

const stored = {
	meta: { code: 200, time: 1 },
	data: {
		format: 'up-csv',
		records: counts(3, 2),
		skipped: {},
		notImported: {},
		zone: { tz: 'America/New_York', basis: 'given' },
		outcome: { added: counts(2, 0), updated: counts(1, 0), unchanged: counts(0, 2) },
		repeatOf: null,
		bytes: 512
	}
};

/** The stored answer with some of its fields replaced, read as the page reads it. */
function read(data: Record<string, unknown>) {
	const result = readUploadAnswer(
		200,
		JSON.stringify({ ...stored, data: { ...stored.data, ...data } })
	);
	if (!result.ok) throw new Error(result.message);
	return result.answer;
}

describe('the import answer', () => {
	it('reads a stored file into rows per kind and one sentence', () => {
		const result = readUploadAnswer(200, JSON.stringify(stored));
		if (!result.ok) throw new Error(result.message);
		expect(summaryRows(result.answer)).toEqual([
			{ kind: 'moves', label: 'Days of activity', added: 2, updated: 1, unchanged: 0 },
			{ kind: 'sleeps', label: 'Sleeps and naps', added: 0, updated: 0, unchanged: 2 }
		]);
		expect(summarySentence(result.answer)).toBe(
			'Imported 5 records: 2 new, 1 updated, 2 already there.'
		);
	});

	it('reads a Fitbit archive’s answer and says which zone its times were read in', () => {
		const fitbit = {
			...stored,
			data: {
				...stored.data,
				format: 'fitbit-zip',
				zone: { tz: 'Australia/Melbourne', basis: 'profile' }
			}
		};
		const result = readUploadAnswer(200, JSON.stringify(fitbit));
		if (!result.ok) throw new Error(result.message);
		expect(summarySentence(result.answer)).toBe(
			'Imported 5 records: 2 new, 1 updated, 2 already there.'
		);
		expect(zoneSentence(result.answer)).toBe(
			'Your Fitbit records are placed in Australia/Melbourne (the zone your Fitbit profile names); the dashboard runs on the zone of your latest records.'
		);
	});

	it('says so when the file held nothing', () => {
		const empty = { ...stored, data: { ...stored.data, records: counts(0, 0), outcome: null } };
		const result = readUploadAnswer(200, JSON.stringify(empty));
		if (!result.ok) throw new Error(result.message);
		expect(summarySentence(result.answer)).toBe('The file held no records this dashboard shows.');
	});

	it('shows the sentence of an error envelope', () => {
		const refused = {
			meta: { code: 422, error_type: 'invalid_import', error_detail: 'up.csv line 3: no' },
			data: {}
		};
		expect(readUploadAnswer(422, JSON.stringify(refused))).toEqual({
			ok: false,
			message: 'up.csv line 3: no'
		});
		expect(readUploadAnswer(502, '<html>')).toEqual({
			ok: false,
			message: 'The server answered 502 without an explanation.'
		});
	});

	it('says in words why an import was refused, and marks a session that has ended', () => {
		const refused = (code: number, type: string, detail: string) =>
			JSON.stringify({ meta: { code, error_type: type, error_detail: detail }, data: {} });
		expect(
			readUploadAnswer(401, refused(401, 'sign_in_required', 'Sign in to import your records.'))
		).toEqual({ ok: false, message: 'Sign in to import your records.', signedOut: true });
		const scope =
			'Nothing was imported: the file holds meals, and this sign-in may not add them (meal_write). Sign in again and allow it.';
		expect(readUploadAnswer(403, refused(403, 'insufficient_scope', scope))).toEqual({
			ok: false,
			message: scope
		});
		// A refusal without an envelope (a proxy in front, say) still reads as a sentence.
		expect(readUploadAnswer(403, 'Forbidden')).toEqual({
			ok: false,
			message: 'This sign-in may not add these records to your account: sign in again and allow it.'
		});
		expect(readUploadAnswer(401, '')).toEqual({
			ok: false,
			message: 'Sign in to import your records.',
			signedOut: true
		});
	});

	it('names what the file held that the API has no place for, largest first', () => {
		const answer = read({
			notImported: { 'stand hours': 1, 'flights climbed': 170, 'heart-rate samples': 2 }
		});
		expect(notImportedSentence(answer)).toBe(
			'Not imported: 170 flights climbed, 2 heart-rate samples, 1 stand hour.'
		);
		expect(notImportedSentence(read({}))).toBeNull();
	});

	it('lists what was skipped and why, and the zone the days were placed in', () => {
		const answer = read({
			skipped: { 'rows dated after today': 1, 'rows with a date and no values': 271 }
		});
		expect(skippedLines(answer)).toEqual([
			'Rows with a date and no values: 271',
			'Rows dated after today: 1'
		]);
		expect(zoneSentence(answer)).toBe(
			'The days are placed in America/New_York (the zone you chose); the dashboard runs on the zone of your latest records.'
		);
	});

	it('says a file recognised as imported before changed nothing', () => {
		expect(summarySentence(read({ repeatOf: { at: 1774893600 } }))).toBe(
			'This file was imported before: nothing changed (it was recognised by its content).'
		);
	});

	it('words the upload progress in KB or MB with a percentage', () => {
		expect(progressText(250_000, 1_000_000)).toBe('250 KB of 1.0 MB sent (25 %)');
		expect(progressText(3_400_000, 0)).toBe('3.4 MB sent');
	});
});
