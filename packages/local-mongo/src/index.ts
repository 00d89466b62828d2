export * from './ferretdb';
export * from './free-port';
