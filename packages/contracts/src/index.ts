export * from './errors';
export * from './health';
export * from './slices';
export * from './seo';
export * from './events';
export * from './categories';
export * from './constants';
export * from './catalog';
