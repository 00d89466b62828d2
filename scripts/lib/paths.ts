import path from 'node:path';
import { REMOTE_NAMES } from '../../packages/contracts/src/slice-names';
import type { RemoteName } from '../../packages/contracts/src/slices';

export const ROOT = path.resolve(__dirname, '..', '..');
// The contract's list of slices (source import: scripts run before the packages are built).
export const SLICES = REMOTE_NAMES;
export type Slice = RemoteName;

/** Default ports (docs/architecture.md 'Ports'). */
export const SERVICE_PORTS: Record<Slice, number> = { catalog: 4101, cart: 4102, account: 4103, content: 4104, admin: 4105 };
export const GATEWAY_PORT = 8080;
export const LOCAL_MONGO_PORT = 27017;
