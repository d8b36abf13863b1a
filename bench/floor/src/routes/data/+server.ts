// One day's figures, as the floor page's first visit fetches them (about the size of a day's move record).
export function GET(): Response {
	const hours = Array.from({ length: 24 }, (_, i) => ({
		hour: i,
		steps: (i * 37) % 100,
		calories: i * 3.25,
		distance: i * 41.5,
		active_time: i * 60
	}));
	const body = {
		meta: { code: 200 },
		data: { items: [{ date: 20261127, details: { hourly_totals: hours } }] }
	};
	return new Response(JSON.stringify(body), {
		headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }
	});
}
