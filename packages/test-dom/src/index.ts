export * from './fetch-answers';
export * from './render-screen';
export * from './fixtures';
export * from './toasts';
export * from './service-challenge';
