// Named places of the demo person's life (Berlin, New York, the Allgäu) for records that carry a location.

export interface Place {
	name: string;
	lat: number;
	lon: number;
	acc: number;
}

export const PLACES = {
	tiergarten: { name: 'Tiergarten', lat: 52.5145, lon: 13.3501, acc: 12 },
	tempelhof: { name: 'Tempelhofer Feld', lat: 52.4731, lon: 13.4039, acc: 15 },
	grunewald: { name: 'Grunewald', lat: 52.471, lon: 13.245, acc: 25 },
	landwehrkanal: { name: 'Landwehrkanal', lat: 52.4966, lon: 13.4241, acc: 10 },
	gym: { name: 'Kraftwerk Gym Kreuzberg', lat: 52.499, lon: 13.418, acc: 20 },
	yoga: { name: 'Yoga Loft Friedrichshain', lat: 52.5127, lon: 13.4541, acc: 20 },
	havel: { name: 'Havelchaussee', lat: 52.4843, lon: 13.2143, acc: 30 },
	office: { name: 'Büro Alexanderplatz', lat: 52.5219, lon: 13.4132, acc: 30 },
	cafe: { name: 'Café am Engelbecken', lat: 52.5053, lon: 13.4152, acc: 20 },
	centralPark: { name: 'Central Park', lat: 40.7812, lon: -73.9665, acc: 15 },
	brooklynBridge: { name: 'Brooklyn Bridge Park', lat: 40.7003, lon: -73.9967, acc: 15 },
	highLine: { name: 'The High Line', lat: 40.748, lon: -74.0048, acc: 20 },
	oberstdorf: { name: 'Oberstdorf', lat: 47.4099, lon: 10.2797, acc: 40 },
	nebelhorn: { name: 'Nebelhorn', lat: 47.4218, lon: 10.3412, acc: 50 }
} satisfies Record<string, Place>;
