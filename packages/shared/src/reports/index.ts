export * from './buckets';
export * from './period';
export * from './table';
export * from './texts';
