// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
	namespace App {
		interface Error {
			message: string;
			code?: string;
		}
		// interface Locals {}
		// interface PageData {}
		// interface PageState {}
		interface Platform {
			/** adapter-node's Node request, read directly for uploads larger than its body limit. */
			req?: import('node:http').IncomingMessage;
		}
	}
}

export {};
