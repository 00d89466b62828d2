import fp from 'fastify-plugin';
import mongoose, { type Connection } from 'mongoose';

declare module 'fastify' {
  interface FastifyInstance {
    /** This service's own MongoDB database (docs/architecture.md 'Data rules'). */
    db: Connection;
  }
}

export interface DatabaseOptions {
  uri: string;
  dbName: string;
  /** Server selection timeout in ms. */
  serverSelectionTimeoutMs?: number;
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
export async function openDatabase(uri: string, dbName: string, serverSelectionTimeoutMs = 10_000): Promise<Connection> {
  const options = { dbName, serverSelectionTimeoutMS: serverSelectionTimeoutMs, autoIndex: true };
  const connection = await mongoose.createConnection(uri, options).asPromise();
  if (!(await isFerretDb(connection))) return connection;
  await connection.close();
  return mongoose.createConnection(uri, { ...options, maxPoolSize: 1, minPoolSize: 1 }).asPromise();
}

/**
 * Opens the service's own database ({@link openDatabase}), decorates `app.db`, and closes it
 * when the app closes (graceful shutdown).
 */
export const databasePlugin = fp<DatabaseOptions>(
  async (app, { uri, dbName, serverSelectionTimeoutMs = 10_000 }) => {
    const connection = await openDatabase(uri, dbName, serverSelectionTimeoutMs);
    app.decorate('db', connection);
    app.addHook('onClose', async () => {
      await connection.close();
    });
  },
  { name: 'shop-database' },
);

/** Pings the database; resolves to the round-trip time in ms. @throws when unreachable. */
export async function pingDatabase(connection: Connection): Promise<number> {
  const started = performance.now();
  const db = connection.db;
  if (!db) throw new Error('database connection not open');
  await db.admin().command({ ping: 1 });
  return Math.round((performance.now() - started) * 10) / 10;
}
