export * from './password-strength';
export * from './wishlist-texts';
