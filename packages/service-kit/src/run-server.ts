import type { FastifyInstance } from 'fastify';

/**
 * Listens and shuts down gracefully on SIGINT/SIGTERM: stops accepting connections, lets
 * in-flight requests finish, then closes the database connection (onClose hooks).
 * A second signal, or 10 s without finishing, forces the exit.
 */
export async function runServer(app: FastifyInstance, { port, host }: { port: number; host: string }): Promise<void> {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port, host });
}
