export * from './password-strength';
export * from './email';
export * from './wishlist-texts';
