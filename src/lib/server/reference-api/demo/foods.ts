// The demo person's food catalogue: typical Berlin (and a few New York) dishes with nutrients per serving.

export type Slot = 'breakfast' | 'lunch' | 'dinner' | 'snack' | 'drink';

/** One serving; grams, except sodium/potassium/calcium/cholesterol in mg and vitamins/iron in % daily value. */
export interface Food {
	key: string;
	name: string;
	description: string;
	measurement: string;
	amount: number;
	plate: 'plate' | 'cup' | 'bowl' | 'scale' | 'glass';
	drink: boolean;
	slots: readonly Slot[];
	healthScore: number;
	calories: number;
	carbohydrate: number;
	fiber: number;
	protein: number;
	fat: number;
	saturated_fat: number;
	monounsaturated_fat: number;
	polyunsaturated_fat: number;
	trans_fat: number;
	sugar: number;
	sodium: number;
	potassium: number;
	calcium: number;
	cholesterol: number;
	vitamin_c: number;
	vitamin_a: number;
	iron: number;
}

type Row = [
	key: string,
	name: string,
	description: string,
	measurement: string,
	amount: number,
	plate: Food['plate'],
	slots: readonly Slot[],
	healthScore: number,
	// calories, carbohydrate, fiber, protein, fat, saturated, mono, poly, trans, sugar
	macros: readonly [number, number, number, number, number, number, number, number, number, number],
	// sodium, potassium, calcium, cholesterol, vitamin_c, vitamin_a, iron
	micros: readonly [number, number, number, number, number, number, number]
];

const ROWS: readonly Row[] = [
	[
		'muesli',
		'Muesli with yoghurt',
		'Oat muesli, natural yoghurt, apple',
		'bowl',
		1,
		'bowl',
		['breakfast'],
		8.2,
		[380, 52, 7, 14, 11, 4.1, 3.9, 2.2, 0, 18],
		[110, 520, 240, 12, 6, 4, 14]
	],
	[
		'porridge',
		'Porridge with berries',
		'Oats cooked in milk, blueberries',
		'bowl',
		1,
		'bowl',
		['breakfast'],
		8.8,
		[330, 50, 7.5, 12, 8, 3.2, 2.6, 1.6, 0, 16],
		[95, 480, 230, 10, 14, 6, 16]
	],
	[
		'roll',
		'Wholegrain roll with cheese',
		'Vollkornbrötchen, Gouda, cucumber',
		'piece',
		1,
		'plate',
		['breakfast', 'lunch'],
		6.1,
		[310, 34, 5, 15, 12, 6.8, 3.5, 1.1, 0.1, 3],
		[560, 210, 330, 35, 4, 9, 10]
	],
	[
		'eggs',
		'Scrambled eggs on toast',
		'Two eggs, rye toast, chives',
		'plate',
		1,
		'plate',
		['breakfast'],
		6.9,
		[340, 24, 3, 19, 18, 5.6, 7, 2.8, 0, 2],
		[480, 260, 90, 370, 2, 18, 15]
	],
	[
		'bagel',
		'Bagel with cream cheese',
		'Everything bagel, cream cheese',
		'piece',
		1,
		'plate',
		['breakfast'],
		4.2,
		[420, 58, 2.5, 13, 15, 8.2, 3.8, 1.2, 0.2, 7],
		[620, 140, 90, 45, 0, 10, 20]
	],
	[
		'pancakes',
		'Pancakes with maple syrup',
		'Three buttermilk pancakes',
		'plate',
		1,
		'plate',
		['breakfast'],
		3.1,
		[560, 92, 2, 12, 16, 6.9, 5.4, 2.4, 0.3, 38],
		[880, 260, 280, 95, 0, 8, 18]
	],
	[
		'banana',
		'Banana',
		'Medium banana',
		'piece',
		1,
		'scale',
		['breakfast', 'snack'],
		9,
		[105, 27, 3.1, 1.3, 0.4, 0.1, 0, 0.1, 0, 14],
		[1, 420, 6, 0, 17, 2, 2]
	],
	[
		'apple',
		'Apple',
		'Medium apple',
		'piece',
		1,
		'scale',
		['snack', 'lunch'],
		9.4,
		[95, 25, 4.4, 0.5, 0.3, 0.1, 0, 0.1, 0, 19],
		[2, 195, 11, 0, 14, 2, 1]
	],
	[
		'lentilSoup',
		'Lentil soup',
		'Red lentils, carrots, cumin',
		'bowl',
		1,
		'bowl',
		['lunch'],
		9.1,
		[290, 42, 12, 17, 6, 0.9, 3.1, 1.4, 0, 6],
		[690, 720, 60, 0, 12, 60, 34]
	],
	[
		'chickenSalad',
		'Chicken salad bowl',
		'Grilled chicken, greens, quinoa, feta',
		'bowl',
		1,
		'bowl',
		['lunch'],
		8.5,
		[520, 38, 8, 38, 23, 6.5, 10.6, 4.1, 0, 7],
		[780, 820, 180, 95, 45, 70, 22]
	],
	[
		'falafel',
		'Falafel wrap',
		'Falafel, hummus, salad, tahini',
		'piece',
		1,
		'plate',
		['lunch'],
		6.4,
		[610, 68, 11, 19, 28, 3.8, 14, 8.1, 0, 6],
		[1150, 640, 150, 0, 18, 12, 28]
	],
	[
		'pasta',
		'Pasta with tomato sauce',
		'Penne, tomato, basil, parmesan',
		'plate',
		1,
		'plate',
		['lunch', 'dinner'],
		6.7,
		[590, 98, 7, 20, 12, 3.9, 5.6, 1.6, 0, 12],
		[720, 760, 160, 12, 25, 22, 26]
	],
	[
		'currywurst',
		'Currywurst with fries',
		'Bratwurst, curry ketchup, fries',
		'plate',
		1,
		'plate',
		['lunch'],
		2.2,
		[780, 70, 6, 22, 45, 15.8, 19.4, 7.2, 0.4, 19],
		[1640, 980, 40, 75, 16, 6, 16]
	],
	[
		'sushi',
		'Sushi box',
		'Salmon and avocado maki, nigiri',
		'box',
		1,
		'plate',
		['lunch', 'dinner'],
		7.4,
		[480, 76, 4, 21, 10, 2.2, 4.8, 2.3, 0, 9],
		[1280, 480, 40, 35, 6, 8, 12]
	],
	[
		'deli',
		'Turkey deli sandwich',
		'Turkey, Swiss cheese, rye',
		'piece',
		1,
		'plate',
		['lunch'],
		5,
		[640, 52, 5, 42, 28, 11.6, 9.8, 4.2, 0.3, 7],
		[1920, 520, 380, 110, 4, 10, 24]
	],
	[
		'salmon',
		'Salmon with potatoes',
		'Oven salmon, new potatoes, green beans',
		'plate',
		1,
		'plate',
		['dinner'],
		8.9,
		[590, 45, 7, 38, 26, 5.2, 10.9, 8.4, 0, 4],
		[380, 1480, 60, 95, 40, 10, 14]
	],
	[
		'stirFry',
		'Vegetable stir fry with rice',
		'Tofu, broccoli, peppers, jasmine rice',
		'plate',
		1,
		'plate',
		['dinner'],
		8.3,
		[540, 78, 8, 22, 15, 2.3, 4.7, 7.2, 0, 10],
		[960, 780, 320, 0, 140, 45, 30]
	],
	[
		'pizza',
		'Pizza margherita',
		'Neapolitan pizza, mozzarella, basil',
		'pizza',
		1,
		'plate',
		['dinner'],
		3.6,
		[860, 110, 6, 34, 30, 13.9, 10.8, 2.8, 0.2, 10],
		[1860, 640, 520, 60, 14, 20, 30]
	],
	[
		'bolognese',
		'Spaghetti bolognese',
		'Spaghetti, beef ragù',
		'plate',
		1,
		'plate',
		['dinner'],
		5.4,
		[710, 88, 7, 35, 22, 8.1, 9.4, 1.9, 0.5, 13],
		[880, 920, 110, 75, 22, 24, 32]
	],
	[
		'burger',
		'Cheeseburger',
		'Beef patty, cheddar, brioche bun',
		'piece',
		1,
		'plate',
		['dinner', 'lunch'],
		2.8,
		[760, 46, 3, 40, 44, 19.2, 17.6, 2.9, 1.5, 9],
		[1240, 560, 290, 125, 4, 14, 30]
	],
	[
		'greenSalad',
		'Mixed green salad',
		'Leaves, cucumber, vinaigrette',
		'bowl',
		1,
		'bowl',
		['dinner', 'lunch'],
		9.6,
		[140, 8, 3, 2, 11, 1.5, 7.6, 1.4, 0, 4],
		[210, 380, 50, 0, 30, 110, 6]
	],
	[
		'yoghurt',
		'Natural yoghurt',
		'Plain yoghurt 3.5 %',
		'cup',
		150,
		'cup',
		['snack'],
		7.8,
		[100, 7, 0, 5, 5, 3.2, 1.4, 0.2, 0, 7],
		[75, 230, 180, 18, 2, 4, 0]
	],
	[
		'chocolate',
		'Dark chocolate',
		'70 % cocoa',
		'g',
		25,
		'scale',
		['snack'],
		4.5,
		[150, 11, 2.8, 2, 11, 6.4, 3.4, 0.3, 0, 6],
		[5, 180, 18, 1, 0, 0, 17]
	],
	[
		'nuts',
		'Mixed nuts',
		'Almonds, walnuts, hazelnuts',
		'g',
		30,
		'scale',
		['snack'],
		8,
		[190, 5, 2.6, 5.5, 17, 1.6, 9.1, 5.6, 0, 1.2],
		[2, 200, 40, 0, 0, 0, 8]
	],
	[
		'coffee',
		'Coffee with milk',
		'Filter coffee, splash of milk',
		'cup',
		1,
		'cup',
		['drink'],
		6,
		[25, 2, 0, 1.5, 1.2, 0.8, 0.3, 0.1, 0, 2],
		[20, 170, 45, 4, 0, 1, 1]
	],
	[
		'cappuccino',
		'Cappuccino',
		'Double shot, whole milk',
		'cup',
		1,
		'cup',
		['drink'],
		5.5,
		[120, 10, 0, 6, 6, 3.6, 1.6, 0.3, 0, 10],
		[95, 350, 200, 20, 0, 6, 1]
	],
	[
		'juice',
		'Orange juice',
		'Freshly squeezed',
		'glass',
		250,
		'glass',
		['drink'],
		6.8,
		[110, 26, 0.5, 1.7, 0.5, 0.1, 0.1, 0.1, 0, 21],
		[2, 500, 28, 0, 207, 10, 3]
	],
	[
		'water',
		'Sparkling water',
		'Mineralwasser',
		'glass',
		500,
		'glass',
		['drink'],
		10,
		[0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
		[20, 5, 120, 0, 0, 0, 0]
	],
	[
		'wine',
		'Glass of red wine',
		'Spätburgunder',
		'glass',
		150,
		'glass',
		['drink'],
		3,
		[125, 4, 0, 0.1, 0, 0, 0, 0, 0, 0.9],
		[6, 190, 12, 0, 0, 0, 4]
	],
	[
		'beer',
		'Pils',
		'Bottle of lager',
		'bottle',
		330,
		'glass',
		['drink'],
		2.5,
		[145, 11, 0, 1.5, 0, 0, 0, 0, 0, 0],
		[14, 90, 14, 0, 0, 0, 0]
	],
	[
		'tea',
		'Herbal tea',
		'Peppermint',
		'cup',
		1,
		'cup',
		['drink'],
		9.5,
		[2, 0.4, 0, 0, 0, 0, 0, 0, 0, 0],
		[2, 20, 5, 0, 0, 0, 0]
	]
];

export const FOODS: readonly Food[] = ROWS.map(
	([key, name, description, measurement, amount, plate, slots, healthScore, macros, micros]) => {
		const [
			calories,
			carbohydrate,
			fiber,
			protein,
			fat,
			saturated_fat,
			monounsaturated_fat,
			polyunsaturated_fat,
			trans_fat,
			sugar
		] = macros;
		const [sodium, potassium, calcium, cholesterol, vitamin_c, vitamin_a, iron] = micros;
		return {
			key,
			name,
			description,
			measurement,
			amount,
			plate,
			drink: slots.includes('drink'),
			slots,
			healthScore,
			calories,
			carbohydrate,
			fiber,
			protein,
			fat,
			saturated_fat,
			monounsaturated_fat,
			polyunsaturated_fat,
			trans_fat,
			sugar,
			sodium,
			potassium,
			calcium,
			cholesterol,
			vitamin_c,
			vitamin_a,
			iron
		};
	}
);

const NEW_YORK_ONLY = new Set(['bagel', 'pancakes', 'deli', 'burger']);

/** Foods she eats for a slot, at home or in New York. */
export function foodsFor(slot: Slot, inNewYork: boolean): Food[] {
	return FOODS.filter(
		(food) => food.slots.includes(slot) && (inNewYork || !NEW_YORK_ONLY.has(food.key))
	);
}

export function foodByKey(key: string): Food {
	const food = FOODS.find((candidate) => candidate.key === key);
	if (!food) throw new RangeError(`unknown food ${key}`);
	return food;
}
