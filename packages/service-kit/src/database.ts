import fp from 'fastify-plugin';
import mongoose, { type Connection } from 'mongoose';
import { databaseUp, observeConnectionPool } from './metrics/database-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This service's own MongoDB database (services/cart/README.md). */
    db: Connection;
    /** Whether a new client, sharing nothing with `db`'s pool, reaches the database now (database-watchdog.ts). */
    databaseProbe: () => Promise<boolean>;
  }
}

export interface DatabaseOptions {
  uri: string;
  dbName: string;
  /** Server selection timeout in ms. */
  serverSelectionTimeoutMs?: number;
}

/**
 * How long an operation waits for a database that is away before it fails (ms). Short enough
 * that the shopper gets the German 503 before the gateway or the browser gives up.
 */
export const DATABASE_TIMEOUT_MS = 4000;

/** Driver errors about how it was called (a programming error, answered 500), not about the database being away. */
const REQUEST_MISTAKES = new Set([
  'MongoParseError',
  'MongoInvalidArgumentError',
  'MongoAPIError',
  'MongoCompatibilityError',
  'MongoMissingDependencyError',
  'MongoRuntimeError',
]);

/**
 * Socket errors the driver passes on unwrapped: a command written to a connection the server has
 * just closed (EPIPE 'This socket has been ended by the other party', seen when the database
 * stops under traffic), a reset or refused connection.
 */
const DRIVER_SOCKET_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT']);

/** Server answers that mean it is shutting down or not able to serve (not a fault of the request). */
const UNAVAILABLE_SERVER_CODES = new Set([91, 189, 10107, 11600, 11602, 13435, 13436]);

/**
 * True when `error` says the database cannot be reached now (answered 500 before):
 * any error of the MongoDB driver other than a server's answer to the request (network, server
 * selection, pool, topology, timeouts), a server answer that it is shutting down or not primary,
 * and mongoose's buffer timing out while it reconnects, and a socket error raised inside the
 * driver's connection. A server's answer to the request itself (duplicate key, validation) is not.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { name } = error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && DRIVER_SOCKET_CODES.has(code)) return /[\\/]mongodb[\\/]lib[\\/]cmap[\\/]/.test(error.stack ?? '');
  if (name === 'MongoServerError' || name === 'MongoBulkWriteError')
    return UNAVAILABLE_SERVER_CODES.has(Number((error as { code?: unknown }).code));
  // The driver's own names without the 'Mongo' prefix: a pool cleared by a network error (the
  // usual error of an operation in flight when the server goes away) and its internal timeout.
  if (name === 'PoolClearedOnNetworkError' || name === 'MongooseServerSelectionError' || name === 'DisconnectedError') return true;
  if (name === 'MongooseError') return /buffering timed out|disconnected|connection/i.test(error.message);
  if (REQUEST_MISTAKES.has(name)) return false;
  return /^Mongo[A-Za-z]*Error$/.test(name);
}

/** True when the server is FerretDB (its buildInfo carries `ferretdbVersion`). */
export async function isFerretDb(connection: Connection): Promise<boolean> {
  const info = await connection.db!.admin().command({ buildInfo: 1 });
  return typeof info.ferretdbVersion === 'string';
}

/**
 * Opens a mongoose connection to one database.
 *
 * FerretDB v1 (the local engine) does not serialise concurrent writes to the same document
 * that arrive on different connections: guarded `$inc` updates then lose increments and a
 * stock reservation could succeed twice (proved in database.test.ts and docs/architecture.md).
 * It does execute one connection's commands in order, so on FerretDB the pool is reduced to a
 * single connection, which makes every conditional update atomic for this service. On MongoDB
 * the driver's default pool is kept and the server guarantees atomicity.
 * @throws MongooseServerSelectionError when the server is unreachable.
 */
export async function openDatabase(uri: string, dbName: string, serverSelectionTimeoutMs = DATABASE_TIMEOUT_MS): Promise<Connection> {
  // While the database is away, an operation waits at most this long (server selection, or
  // mongoose's buffer while it reconnects) and then fails, answered as 503 (isDatabaseUnavailable).
  const options = {
    dbName,
    serverSelectionTimeoutMS: serverSelectionTimeoutMs,
    bufferTimeoutMS: serverSelectionTimeoutMs,
    autoIndex: true,
  };
  const connection = await observed(mongoose.createConnection(uri, options), dbName).asPromise();
  if (!(await isFerretDb(connection))) return connection;
  await connection.close();
  return observed(mongoose.createConnection(uri, { ...options, maxPoolSize: 1, minPoolSize: 1 }), dbName).asPromise();
}

/** A connection whose pool is followed in the pool gauges from its first connection on (metrics/database-metrics.ts). */
function observed(connection: Connection, dbName: string): Connection {
  observeConnectionPool(connection, dbName);
  return connection;
}

/**
 * Opens the service's own database ({@link openDatabase}), decorates `app.db`, and closes it
 * when the app closes (graceful shutdown).
 */
export const databasePlugin = fp<DatabaseOptions>(
  async (app, { uri, dbName, serverSelectionTimeoutMs = DATABASE_TIMEOUT_MS }) => {
    const connection = await openDatabase(uri, dbName, serverSelectionTimeoutMs);
    app.decorate('db', connection);
    app.decorate('databaseProbe', () => newClientReaches(uri));
    app.addHook('onClose', async () => {
      await connection.close();
    });
  },
  { name: 'shop-database' },
);

/**
 * Pings the database; resolves to the round-trip time in ms, and sets `shop_database_up`
 * (metrics/database-metrics.ts) to the outcome. @throws when unreachable.
 */
export async function pingDatabase(connection: Connection): Promise<number> {
  const started = performance.now();
  try {
    const db = connection.db;
    if (!db) throw new Error('database connection not open');
    await db.admin().command({ ping: 1 });
  } catch (error) {
    databaseUp.set(0);
    throw error;
  }
  databaseUp.set(1);
  return Math.round((performance.now() - started) * 10) / 10;
}

/** How long the probe's new client may take to reach the database (ms). */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * Whether a new client of its own, sharing nothing with the service's pool, reaches the database
 * at `uri` now (connect and ping, at most PROBE_TIMEOUT_MS each).
 */
export async function newClientReaches(uri: string): Promise<boolean> {
  const client = new mongoose.mongo.MongoClient(uri, { serverSelectionTimeoutMS: PROBE_TIMEOUT_MS, connectTimeoutMS: PROBE_TIMEOUT_MS });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}
