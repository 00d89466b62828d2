export * from './config';
export * from './create-service-app';
export * from './errors';
export * from './database';
export * from './run-server';
export * from './domain-service';
export * from './identity';
export * from './development-secret';
