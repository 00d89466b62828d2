export * from './password-strength';
export * from './email';
