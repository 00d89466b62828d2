import type { Connection } from 'mongoose';
import { shopGauge } from './registry';

/**
 * The database client's connection pool (OpenTelemetry `db.client.connection.count` and
 * `db.client.connection.pending_requests`), from the MongoDB driver's pool events: connections by
 * state (`used` = checked out by an operation, `idle`), and operations waiting for one. A pool
 * that stays at its maximum with requests waiting means the database or its pool size is the
 * bottleneck (docs/operations.md).
 */
const connectionCount = shopGauge({
  name: 'db_client_connection_count',
  help: 'Connections of the database client pool by state (OpenTelemetry db.client.connection.count).',
  labelNames: ['db_client_connection_state', 'db_client_connection_pool_name'] as const,
});
const pendingRequests = shopGauge({
  name: 'db_client_connection_pending_requests',
  help: 'Operations waiting for a connection of the pool (OpenTelemetry db.client.connection.pending_requests).',
  labelNames: ['db_client_connection_pool_name'] as const,
});

/**
 * `shop_database_up`: 1 when this process's last ping of its database (each readiness probe, which
 * the gateway asks for every second) answered, 0 when it failed. The alert 'database
 * unavailable' fires on 0.
 */
export const databaseUp = shopGauge({
  name: 'shop_database_up',
  help: "Whether this process's last ping of its database answered (1) or failed (0).",
});

/** Follows the pool of `connection` (labelled with its database's name, `pool`) in the gauges above. */
export function observeConnectionPool(connection: Connection, pool: string): void {
  const client = connection.getClient();
  let used = 0;
  let open = 0;
  let waiting = 0;
  const update = () => {
    connectionCount.set({ db_client_connection_state: 'used', db_client_connection_pool_name: pool }, used);
    connectionCount.set({ db_client_connection_state: 'idle', db_client_connection_pool_name: pool }, Math.max(0, open - used));
    pendingRequests.set({ db_client_connection_pool_name: pool }, waiting);
  };
  client.on('connectionCreated', () => {
    open += 1;
    update();
  });
  client.on('connectionClosed', () => {
    open = Math.max(0, open - 1);
    update();
  });
  client.on('connectionCheckOutStarted', () => {
    waiting += 1;
    update();
  });
  client.on('connectionCheckedOut', () => {
    waiting = Math.max(0, waiting - 1);
    used += 1;
    update();
  });
  client.on('connectionCheckOutFailed', () => {
    waiting = Math.max(0, waiting - 1);
    update();
  });
  client.on('connectionCheckedIn', () => {
    used = Math.max(0, used - 1);
    update();
  });
  // The pool is cleared (a network error, the server restarting): its connections are gone.
  client.on('connectionPoolCleared', () => {
    used = 0;
    update();
  });
  update();
}
