export * from './totals';
export * from './line-limits';
