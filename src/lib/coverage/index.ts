// What every answer rests on (coverage.ts): the one model pages, metrics and the cache share.
export * from './coverage';
export * from './joint';
