export * from './totals';
export * from './line-limits';
export * from './promo';
export * from './receipt';
export * from './withdrawal-period';
export * from './action-texts';
