export * from './challenge-header';
export * from './error-code-list';
export * from './error-codes';
export * from './error-response';
