export * from './specimen-id-card';
export * from './demo-order';
