export * from './text';
export * from './product-link';
export * from './product-facts';
export * from './related-products';
export * from './category-texts';
export * from './price-reference';
export * from './product-law';
export * from './nicotine';
