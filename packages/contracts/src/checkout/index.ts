// Checkout shapes, a separate entry (`@shop/contracts/checkout`): the pickup-point matcher carries
// the Unicode confusables data, which no storefront page but the checkout should load
// (docs/performance.md budgets). Used by the checkout and the cart service.
export * from './parcel-locker';
export * from './place-order';
export * from './checkout-steps';
