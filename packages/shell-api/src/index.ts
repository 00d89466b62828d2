export * from './storage-keys';
export * from './continue-shopping';
export * from './seo';
export * from './toast';
export * from './shop-config';
export * from './session';
export * from './add-to-cart';
export * from './query-client';
