import { describe, expect, it } from 'vitest';
import { endpoints, type ApiVersion, type EndpointSpec } from '$lib/api/endpoints';
import { DEFAULT_GUARD_LIMITS, guardProxyRequest, pathProblem } from './request-guard';

const ORIGIN = 'http://app.test';
/** The first bytes of a JPEG and of a PNG file, then a little of the image. */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 1, 2]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function guard(method: string, pathAndQuery: string, init: RequestInit = {}) {
	const url = new URL(`${ORIGIN}/api/nudge/${pathAndQuery}`);
	const rawPath = url.pathname.slice('/api/nudge/'.length);
	return guardProxyRequest(new Request(url, { method, ...init }), rawPath, url.searchParams);
}

/**
 * The guard with every catalogue endpoint let through: the body rules, which the proxy will apply
 * to the writes a later page makes. The proxy itself forwards only the pages' calls.
 */
async function guardAny(
	method: string,
	pathAndQuery: string,
	init: RequestInit = {},
	limits = DEFAULT_GUARD_LIMITS
) {
	const url = new URL(`${ORIGIN}/api/nudge/${pathAndQuery}`);
	const rawPath = url.pathname.slice('/api/nudge/'.length);
	return guardProxyRequest(
		new Request(url, { method, ...init }),
		rawPath,
		url.searchParams,
		limits,
		() => true
	);
}

async function refusal(result: Awaited<ReturnType<typeof guard>>) {
	if (result.ok) throw new Error('expected a refusal');
	const body: unknown = await result.response.json();
	return { status: result.response.status, body, headers: result.response.headers };
}

describe('pathProblem', () => {
	it('accepts ordinary catalogue paths', () => {
		expect(pathProblem('v.1.1/users/@me/moves', 512)).toBeNull();
		expect(pathProblem('v.1.1/moves/abc_DEF-123/ticks', 512)).toBeNull();
	});

	it('refuses traversal, encoded separators, NUL, CRLF, absolute URLs and other hosts', () => {
		const bad = [
			'v.1.1/moves/..',
			'v.1.1/moves/../users',
			'v.1.1/moves/..%2F..%2Fusers',
			'v.1.1/moves/a%2fb',
			'v.1.1/moves/a%5Cb',
			'v.1.1/moves/a%00',
			'v.1.1/moves/a%0D%0ASet-Cookie:x',
			'v.1.1/moves/%2e%2e',
			'v.1.1/moves/a\\b',
			'/evil.example.com/nudge/api',
			'https://evil.example.com/x',
			'v.1.1/users/@evil.example.com/moves',
			'v.1.1/users/me@evil.example.com',
			'v.1.1//users/@me',
			'v.1.1/users/%40me'
		];
		for (const path of bad) expect(pathProblem(path, 512), path).not.toBeNull();
	});

	it('refuses a path longer than the limit', () => {
		expect(pathProblem(`v.1.1/moves/${'a'.repeat(600)}`, 512)).toMatch(/longer/);
	});
});

describe('guardProxyRequest', () => {
	it('turns a valid list read into an upstream call built from validated pieces', async () => {
		const result = await guard(
			'GET',
			'v.1.1/users/@me/moves?start_time=1700000000&end_time=1700086400'
		);
		expect(result.ok).toBe(true);
		if (!result.ok) return;
		expect(result.call.path).toBe('/nudge/api/v.1.1/users/@me/moves');
		expect(result.call.query.toString()).toBe('start_time=1700000000&end_time=1700086400');
		expect(result.call.body).toBeNull();
		expect(result.call.endpoint.id).toBe('moves.list');
	});

	it('resolves an unversioned path to the latest version', async () => {
		const result = await guard('GET', 'users/@me/sleeps');
		expect(result.ok && result.call.path).toBe('/nudge/api/v.1.1/users/@me/sleeps');
	});

	it('answers 404 in the API envelope for an unknown path', async () => {
		const { status, body } = await refusal(await guard('GET', 'v.1.1/users/@me/secrets'));
		expect(status).toBe(404);
		expect(body).toMatchObject({ meta: { code: 404, error_type: 'not_found' }, data: {} });
	});

	it('answers 405 with Allow for a wrong method', async () => {
		const { status, headers, body } = await refusal(await guard('PUT', 'v.1.1/users/@me/moves'));
		expect(status).toBe(405);
		expect(headers.get('allow')).toBe('GET');
		expect(body).toMatchObject({ meta: { code: 405, error_type: 'method_not_allowed' } });
		const write = await refusal(await guard('POST', 'v.1.1/moves/abc'));
		expect(write.status).toBe(405);
	});

	it('refuses a traversal id with 400 before any lookup', async () => {
		const { status, body } = await refusal(await guard('GET', 'v.1.1/workouts/..%2F..%2Fusers'));
		expect(status).toBe(400);
		expect(body).toMatchObject({ meta: { error_type: 'invalid_path' } });
	});

	it('refuses a malformed date, an unknown parameter, a repeated one and control characters', async () => {
		for (const query of [
			'date=20260231',
			'date=2026-03-01',
			'foo=1',
			'date=20260301&date=20260302',
			'date=20260301%0D%0A'
		]) {
			const { status, body } = await refusal(await guard('GET', `v.1.1/users/@me/moves?${query}`));
			expect(status, query).toBe(400);
			expect(body).toMatchObject({ meta: { code: 400, error_type: 'invalid_parameter' } });
		}
	});

	it('rebuilds a valid form body from validated fields only', async () => {
		const result = await guardAny('POST', 'v.1.1/users/@me/body_events', {
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'weight=71.5&note=line%20one%0Aline%20two'
		});
		expect(result.ok).toBe(true);
		if (!result.ok) return;
		expect(result.call.body?.kind).toBe('form');
		expect(result.call.body?.fields.get('weight')).toBe('71.5');
		expect(result.call.body?.fields.get('note')).toBe('line one\nline two');
	});

	it('refuses a form with an unknown field, a wrong content type or an oversized body', async () => {
		const unknown = await refusal(
			await guardAny('POST', 'v.1.1/users/@me/body_events', {
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: 'weight=70&admin=1'
			})
		);
		expect(unknown.status).toBe(400);
		const json = await refusal(
			await guardAny('POST', 'v.1.1/users/@me/body_events', {
				headers: { 'content-type': 'application/json' },
				body: '{"weight":70}'
			})
		);
		expect(json.status).toBe(415);
		const huge = await refusal(
			await guardAny('POST', 'v.1.1/users/@me/body_events', {
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: `weight=70&note=${'x'.repeat(70 * 1024)}`
			})
		);
		expect(huge.status).toBe(413);
		expect(huge.body).toMatchObject({ meta: { error_type: 'payload_too_large' } });
		const control = await refusal(
			await guardAny('POST', 'v.1.1/users/@me/body_events', {
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: 'weight=70&note=ring%07ring'
			})
		);
		expect(control.status).toBe(400);
		expect(control.body).toMatchObject({
			meta: { error_detail: 'Field "note" contains control characters.' }
		});
	});

	it('refuses a body whose declared length is over the cap without reading it', async () => {
		const stream = new ReadableStream<Uint8Array>({
			pull() {
				throw new Error('the body must not be read');
			}
		});
		const result = await guardAny('POST', 'v.1.1/users/@me/body_events', {
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				'content-length': String(10 * 1024 * 1024)
			},
			body: stream,
			// @ts-expect-error -- undici needs duplex for a streamed request body; lib.dom lacks it
			duplex: 'half'
		});
		expect((await refusal(result)).status).toBe(413);
	});

	it('accepts a multipart meal with a photo and forwards only validated parts', async () => {
		const form = new FormData();
		form.append('title', 'Lunch');
		form.append('items', '[{"name":"soup"}]');
		form.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'soup.jpg');
		const result = await guardAny('POST', 'v.1.1/users/@me/meals', { body: form });
		expect(result.ok).toBe(true);
		if (!result.ok || result.call.body?.kind !== 'multipart') throw new Error('expected multipart');
		const photo = result.call.body.fields.get('photo');
		expect(photo instanceof File && photo.name).toBe('soup.jpg');
		expect(result.call.body.fields.get('title')).toBe('Lunch');
	});

	it('takes sleep creation fields from the query string and refuses a body there', async () => {
		const ok = await guardAny(
			'POST',
			'v.1.1/users/@me/sleeps?time_created=1700000000&time_completed=1700020000'
		);
		expect(ok.ok && ok.call.query.get('time_completed')).toBe('1700020000');
		const withBody = await refusal(
			await guardAny(
				'POST',
				'v.1.1/users/@me/sleeps?time_created=1700000000&time_completed=1700020000',
				{
					headers: { 'content-type': 'application/x-www-form-urlencoded' },
					body: 'x=1'
				}
			)
		);
		expect(withBody.status).toBe(413);
	});
});

/** A request for one catalogue entry: its path with a made-up id, and a body it would accept. */
function requestFor(endpoint: EndpointSpec, version: ApiVersion) {
	const path = `${version}${endpoint.path.replace('{xid}', 'abc123')}`;
	const init: RequestInit =
		endpoint.body === undefined || endpoint.body.encoding === 'query'
			? {}
			: {
					headers: { 'content-type': 'application/x-www-form-urlencoded' },
					body: 'secret=s&weight=70&sub_type=1&title=t&systolic=120&diastolic=80'
				};
	return { path, init };
}

describe('guardProxyRequest and the calls the pages make', () => {
	it('forwards exactly the reads the dashboard pages make, and its five writes', () => {
		const browser = endpoints
			.filter((endpoint) => endpoint.browser === true)
			.map((endpoint) => `${endpoint.method} ${endpoint.path} ${endpoint.versions.join('+')}`);
		expect(browser.sort()).toEqual(
			[
				'GET /moves/{xid} v.1.0+v.1.1',
				'GET /moves/{xid}/ticks v.1.1',
				'GET /sleeps/{xid} v.1.0+v.1.1',
				'GET /sleeps/{xid}/ticks v.1.1',
				'GET /sleeps/{xid}/snapshot v.1.0',
				'GET /users/@me v.1.0+v.1.1',
				'GET /users/@me/body_events v.1.0+v.1.1',
				'GET /users/@me/cardiac_events v.1.0',
				'GET /users/@me/heartrates v.1.0+v.1.1',
				'GET /users/@me/meals v.1.0+v.1.1',
				'GET /meals/{xid} v.1.0+v.1.1',
				'GET /users/@me/goals v.1.0+v.1.1',
				'GET /users/@me/moves v.1.0+v.1.1',
				'GET /users/@me/settings v.1.0+v.1.1',
				'GET /users/@me/sleeps v.1.0+v.1.1',
				'GET /users/@me/trends v.1.0',
				'GET /users/@me/trends v.1.1',
				'GET /users/@me/workouts v.1.0+v.1.1',
				'GET /workouts/{xid} v.1.0+v.1.1',
				'GET /workouts/{xid}/ticks v.1.1',
				'GET /users/@me/mood v.1.0+v.1.1',
				'POST /users/@me/mood v.1.0+v.1.1',
				'DELETE /mood/{xid} v.1.0+v.1.1',
				'POST /users/@me/goals v.1.1',
				'POST /users/@me/body_events v.1.0+v.1.1',
				'DELETE /body_events/{xid} v.1.0+v.1.1'
			].sort()
		);
	});

	it('refuses the token refresh and the disconnect: the browser never gets a token', async () => {
		for (const version of ['v.1.0', 'v.1.1', ''] as const) {
			const prefix = version === '' ? '' : `${version}/`;
			const refresh = await refusal(
				await guard('POST', `${prefix}users/@me/refreshToken`, {
					headers: { 'content-type': 'application/x-www-form-urlencoded' },
					body: 'secret=anything'
				})
			);
			expect(refresh.status).toBe(404);
			expect(refresh.body).toMatchObject({ meta: { code: 404, error_type: 'not_found' } });
			const disconnect = await refusal(
				await guard('DELETE', `${prefix}users/@me/PartnerAppMembership`)
			);
			expect(disconnect.status).toBe(404);
			expect(disconnect.body).toMatchObject({ meta: { code: 404, error_type: 'not_found' } });
		}
	});

	it('refuses every endpoint the pages do not call, with 404 or a 405 naming the page calls', async () => {
		let refused = 0;
		for (const endpoint of endpoints.filter((entry) => entry.browser !== true)) {
			for (const version of endpoint.versions) {
				const { path, init } = requestFor(endpoint, version);
				const label = `${endpoint.method} ${path}`;
				// The same request reaches the body rules when every endpoint is let through ...
				const wide = await guardAny(endpoint.method, path, init);
				expect(wide.ok || (await refusal(wide)).status === 400, label).toBe(true);
				// ... and never gets past the proxy's list.
				const result = await guard(endpoint.method, path, requestFor(endpoint, version).init);
				const { status, headers } = await refusal(result);
				expect([404, 405], label).toContain(status);
				// A path the pages use with another method names that method (reads: GET).
				const allowed = endpoints
					.filter((other) => other.browser === true && other.path === endpoint.path)
					.map((other) => other.method);
				if (status === 405) expect(headers.get('allow'), label).toBe(allowed.join(', '));
				refused++;
			}
		}
		expect(refused).toBeGreaterThan(40);
	});
});

describe('guardProxyRequest on a multipart meal', () => {
	const meal = (parts: [string, string | Blob, string?][]) => {
		const form = new FormData();
		for (const [name, value, fileName] of parts) {
			if (typeof value === 'string') form.append(name, value);
			else form.append(name, value, fileName);
		}
		return guardAny('POST', 'v.1.1/users/@me/meals', { body: form });
	};
	const file = (text: string) => new Blob([text], { type: 'text/plain' });

	it('refuses a file under any name but photo, naming the field', async () => {
		for (const [name, content] of [
			['items', 'this is not JSON'],
			['note', 'n'.repeat(4000)],
			['title', 't'.repeat(300 * 1024)],
			['image_url', 'https://example.com/a.jpg'],
			['unknown', 'x']
		] as const) {
			const { status, body } = await refusal(await meal([[name, file(content), 'ok.txt']]));
			expect(status, name).toBe(400);
			expect(body, name).toMatchObject({
				meta: {
					error_type: 'invalid_parameter',
					error_detail: `Field "${name}" must be a text field, not a file.`
				}
			});
		}
	});

	it('checks every text part like its form twin', async () => {
		for (const [name, value] of [
			['items', 'this is not JSON'],
			['note', 'n'.repeat(4000)],
			['title', 't'.repeat(300)],
			['title', 'ring\u0007ring'],
			['place_lat', '91']
		] as const) {
			const { status, body } = await refusal(await meal([[name, value]]));
			expect(status, name).toBe(400);
			expect(body, name).toMatchObject({ meta: { error_type: 'invalid_parameter' } });
			expect(JSON.stringify(body), name).toContain(`Field \\"${name}\\"`);
		}
	});

	it('accepts a JPEG or PNG photo by its bytes, whatever type the part claims', async () => {
		for (const [bytes, claimed, type] of [
			[JPEG, 'image/jpeg', 'image/jpeg'],
			[PNG, 'image/png', 'image/png'],
			[JPEG, 'application/octet-stream', 'image/jpeg'],
			[PNG, 'image/jpeg', 'image/png']
		] as const) {
			const result = await meal([['photo', new Blob([bytes], { type: claimed }), 'meal.img']]);
			if (!result.ok || result.call.body?.kind !== 'multipart') throw new Error('expected ok');
			const photo = result.call.body.fields.get('photo');
			if (!(photo instanceof File)) throw new Error('expected a file');
			expect(photo.type).toBe(type);
			expect(photo.name).toBe('meal.img');
			expect(new Uint8Array(await photo.arrayBuffer())).toEqual(bytes);
		}
	});

	it('refuses a photo that is not a JPEG or PNG, and one over the photo cap', async () => {
		for (const content of ['GIF89a....', '<svg xmlns="http://www.w3.org/2000/svg"/>', '']) {
			const { status, body } = await refusal(
				await meal([['photo', new Blob([content], { type: 'image/jpeg' }), 'meal.jpg']])
			);
			expect(status, content).toBe(400);
			expect(body).toMatchObject({
				meta: { error_detail: 'Field "photo" must be a JPEG or PNG image.' }
			});
		}
		const big = new Uint8Array(2048);
		big.set(JPEG);
		const form = new FormData();
		form.append('photo', new Blob([big], { type: 'image/jpeg' }), 'big.jpg');
		const tooBig = await refusal(
			await guardAny(
				'POST',
				'v.1.1/users/@me/meals',
				{ body: form },
				{
					...DEFAULT_GUARD_LIMITS,
					maxPhotoBytes: 1024
				}
			)
		);
		expect(tooBig.status).toBe(413);
		expect(tooBig.body).toMatchObject({ meta: { error_type: 'payload_too_large' } });
	});

	it('forwards a body rebuilt from the validated parts only', async () => {
		const result = await meal([
			['title', 'Lunch'],
			['items', '[{"name":"soup"}]'],
			['photo', new Blob([PNG], { type: 'image/png' }), 'soup.png']
		]);
		if (!result.ok || result.call.body?.kind !== 'multipart') throw new Error('expected ok');
		const fields = result.call.body.fields;
		expect([...fields.keys()].sort()).toEqual(['items', 'photo', 'title']);
		expect(fields.get('title')).toBe('Lunch');
		expect(fields.get('items')).toBe('[{"name":"soup"}]');
	});
});
