export * from './specimen-id-card';
export * from './demo-order';
export * from './test-order';
export * from './catalog-double';
export * from './admin-guard';
export * from './audit-collector';
export * from './wait';
export * from './render-problems';
