// The app's one formatter: numbers, units, durations, dates and plurals as the pages write them.
export * from './numbers';
export * from './durations';
export * from './dates';
export * from './units';
export * from './plural';
