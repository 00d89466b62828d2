export * from './tokens';
export * from './button';
export * from './spinner';
export * from './notice';
export * from './breadcrumb';
export * from './under-construction';
export * from './quantity-stepper';
export * from './use-media-query';
