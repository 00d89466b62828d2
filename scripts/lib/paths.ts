import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const SLICES = ['catalog', 'cart', 'account', 'content', 'admin'] as const;
export type Slice = (typeof SLICES)[number];

/** Default ports (docs/architecture.md 'Ports'). */
export const SERVICE_PORTS: Record<Slice, number> = { catalog: 4101, cart: 4102, account: 4103, content: 4104, admin: 4105 };
export const GATEWAY_PORT = 8080;
export const LOCAL_MONGO_PORT = 27017;
