import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { pingDatabase } from './database';

/** How long the service's own client may fail every ping while a new client reaches the database, before the process restarts (ms). */
export const STUCK_CLIENT_AFTER_MS = 30_000;

/** How often the watchdog pings through the service's client (ms). */
const WATCH_EVERY_MS = 5_000;

/**
 * Watches the service's database client for the one failure it does not recover from by itself.
 * After a database restart, a driver's client has been seen to keep failing every operation with
 * the error of its last closed connection for minutes, while the database answers everyone else
 * (the local engine with its one-connection pool, in the faults test 'the database stopped for 10
 * s'). Every WATCH_EVERY_MS the client is pinged; once it has failed for `stuckAfterMs` and
 * `probe` (a new client, newClientReaches) reaches the database, the client is stuck: `onStuck`
 * runs once (the server shuts down gracefully and its supervisor starts it again:
 * docker-compose `restart`, the start script's restarts). While the database itself is away the
 * probe fails too and nothing happens.
 * @returns stops the watchdog.
 */
export function watchDatabaseClient(
  connection: Connection,
  options: {
    probe: () => Promise<boolean>;
    onStuck: () => void;
    log: FastifyBaseLogger;
    stuckAfterMs?: number;
    everyMs?: number;
    /** The clock the failing time is measured on (ms); tests drive their own. */
    now?: () => number;
  },
): () => void {
  const stuckAfterMs = options.stuckAfterMs ?? STUCK_CLIENT_AFTER_MS;
  const now = options.now ?? Date.now;
  let failingSince: number | null = null;
  let checking = false;
  let done = false;
  const check = async () => {
    if (checking || done) return;
    checking = true;
    try {
      await pingDatabase(connection);
      failingSince = null;
    } catch (error) {
      failingSince ??= now();
      if (now() - failingSince >= stuckAfterMs && (await options.probe()) && !done) {
        done = true;
        options.log.error(
          { err: error, failingForMs: now() - failingSince },
          "the database answers a new client but not this process's: restarting the process",
        );
        options.onStuck();
      }
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), options.everyMs ?? WATCH_EVERY_MS);
  timer.unref();
  return () => {
    done = true;
    clearInterval(timer);
  };
}
