// The app's one formatter: numbers, units, durations, dates, plurals and coverage as the pages write them.
export * from './numbers';
export * from './durations';
export * from './dates';
export * from './units';
export * from './plural';
export * from './coverage';
