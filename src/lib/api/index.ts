// The typed API contract: zod schemas, their inferred types and the payload parser.
export * from './envelope';
export * from './records';
export * from './trends';
export * from './goals';
export * from './parse';
// Not here: the endpoint catalogue (endpoints.ts) with its path matching and parameter validation
// (endpoint-paths.ts, endpoint-params.ts), which only the server runs: import them by path.
