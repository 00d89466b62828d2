// Back office shapes, a separate entry (`@shop/contracts/admin`): the shared
// `@shop/contracts` chunk every storefront page loads stays without them.
export * from './filter-date';
export * from './audit';
export * from './admin-products';
export * from './admin-orders';
export * from './admin-promotions';
export * from './admin-customers';
export * from './dashboard';
export * from './analytics';
export * from './admin-content';
export * from './media-library';
export * from './storefront-settings';
export * from './admin-reviews';
export * from './releases';
export * from './bank-statements';
export * from './product-import';
export * from './shipping-labels';
