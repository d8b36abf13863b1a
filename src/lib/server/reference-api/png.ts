// Draws the small, deterministic PNG the image endpoints answer with: bars seeded by the record id.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Uint8Array): Buffer {
	const head = Buffer.alloc(8);
	head.writeUInt32BE(data.length, 0);
	head.write(type, 4, 'ascii');
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
	return Buffer.concat([head, data, crc]);
}

/** A stable 32-bit hash of a string (FNV-1a). */
function hash(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
	return h;
}

export const IMAGE_WIDTH = 96;
export const IMAGE_HEIGHT = 48;

/** A 96x48 RGB PNG: 12 bars whose heights and hue come from `seed`; same seed, same bytes. */
export function recordImage(seed: string): Uint8Array<ArrayBuffer> {
	let state = hash(seed) || 1;
	const next = () => {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		state >>>= 0;
		return state / 0x100000000;
	};
	const hue = next();
	const color = [
		40 + Math.round(hue * 120),
		110 + Math.round(next() * 80),
		200 - Math.round(hue * 90)
	];
	const bars = Array.from({ length: 12 }, () => Math.round(6 + next() * (IMAGE_HEIGHT - 10)));
	const rowLength = 1 + IMAGE_WIDTH * 3;
	const raw = Buffer.alloc(rowLength * IMAGE_HEIGHT);
	for (let y = 0; y < IMAGE_HEIGHT; y++) {
		raw[y * rowLength] = 0; // filter: none
		for (let x = 0; x < IMAGE_WIDTH; x++) {
			const bar = bars[Math.floor(x / 8)] ?? 0;
			const inBar = x % 8 !== 7 && IMAGE_HEIGHT - y <= bar;
			const offset = y * rowLength + 1 + x * 3;
			raw[offset] = inBar ? (color[0] ?? 0) : 248;
			raw[offset + 1] = inBar ? (color[1] ?? 0) : 248;
			raw[offset + 2] = inBar ? (color[2] ?? 0) : 250;
		}
	}
	const header = Buffer.alloc(13);
	header.writeUInt32BE(IMAGE_WIDTH, 0);
	header.writeUInt32BE(IMAGE_HEIGHT, 4);
	header[8] = 8; // bit depth
	header[9] = 2; // RGB
	const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	const png = Buffer.concat([
		signature,
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(raw, { level: 9 })),
		chunk('IEND', new Uint8Array(0))
	]);
	return new Uint8Array(png);
}
