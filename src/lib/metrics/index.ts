// The metric functions in one import: pure transforms from API records to the numbers charts draw.
export * from './types';
export * from './hourly';
export * from './sleep';
export * from './bedtime';
export * from './goals';
export * from './heatmap';
export * from './trends';
export * from './compare';
export * from './units';
export * from './series';
