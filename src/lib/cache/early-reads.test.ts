import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_READS_GLOBAL, fetchWithEarlyReads } from './early-reads';

/** What app.html's script leaves behind: answers by address. */
function earlyAnswers(answers: Record<string, Promise<Response | null>>): void {
	vi.stubGlobal('window', { [EARLY_READS_GLOBAL]: answers });
}

afterEach(() => {
	vi.unstubAllGlobals();
});

describe('fetchWithEarlyReads', () => {
	it('hands the answer the page already asked for to the first read of its address, once', async () => {
		earlyAnswers({ '/api/session': Promise.resolve(new Response('"early"')) });
		const network = vi.fn(() => Promise.resolve(new Response('"network"')));
		const fetch = fetchWithEarlyReads(network);
		const first = await fetch('/api/session', { headers: { accept: 'application/json' } });
		expect(await first.json()).toBe('early');
		expect(network).not.toHaveBeenCalled();
		const second = await fetch('/api/session');
		expect(await second.json()).toBe('network');
		expect(network).toHaveBeenCalledOnce();
	});

	it('asks itself for another address, for a write, and when the page did not ask after all', async () => {
		earlyAnswers({
			'/api/nudge/v.1.1/users/@me/goals': Promise.resolve(new Response('"early"')),
			'/api/nudge/v.1.1/users/@me/moves': Promise.resolve(null)
		});
		const network = vi.fn(() => Promise.resolve(new Response('"network"')));
		const fetch = fetchWithEarlyReads(network);
		const write = await fetch('/api/nudge/v.1.1/users/@me/goals', { method: 'POST', body: 'x=1' });
		expect(await write.json()).toBe('network');
		const other = await fetch('/api/nudge/v.1.1/users/@me/settings');
		expect(await other.json()).toBe('network');
		// Not asked (nobody signed in, another API version): the layer's own request goes out.
		const moves = await fetch('/api/nudge/v.1.1/users/@me/moves');
		expect(await moves.json()).toBe('network');
		expect(network).toHaveBeenCalledTimes(3);
		// The early answer is still there for the read it was asked for.
		const goals = await fetch('/api/nudge/v.1.1/users/@me/goals');
		expect(await goals.json()).toBe('early');
	});

	it('fails as the network would when the early read failed', async () => {
		earlyAnswers({ '/api/session': Promise.reject(new TypeError('Failed to fetch')) });
		const fetch = fetchWithEarlyReads(() => Promise.resolve(new Response('"network"')));
		await expect(fetch('/api/session')).rejects.toThrow('Failed to fetch');
	});
});
