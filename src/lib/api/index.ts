// The typed API contract: zod schemas, their inferred types and the payload parser.
export * from './envelope';
export * from './records';
export * from './trends';
export * from './goals';
export * from './parse';
// Endpoint catalogue (src/lib/api/endpoints.ts, another engineer): add its export line here.
// `ApiVersion` is defined in ./envelope; endpoints.ts should import it rather than declare its
// own, or `export *` of both modules becomes an ambiguous re-export (TS2308).
