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

/**
 * Opens a dedicated mongoose connection to the service's database, decorates `app.db`, and
 * closes it when the app closes (graceful shutdown). `directConnection` is left to the URI so
 * replica sets (production) and the single local engine both work.
 */
export const databasePlugin = fp<DatabaseOptions>(
  async (app, { uri, dbName, serverSelectionTimeoutMs = 10_000 }) => {
    const connection = mongoose.createConnection(uri, {
      dbName,
      serverSelectionTimeoutMS: serverSelectionTimeoutMs,
      autoIndex: true,
    });
    await connection.asPromise();
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
