import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { metricsRegistry } from './registry';

export interface MetricsAddress {
  port: number;
  /** The interface to listen on: an internal one (127.0.0.1 locally, the compose network in containers). */
  host: string;
}

/**
 * Serves `GET /metrics` (Prometheus' text format) of this process on its own port, apart from the
 * app's: the gateway's public port never answers it, and a service's is reached only from its
 * network. Anything else is 404. @returns the listening server (close it on shutdown).
 */
export async function startMetricsServer({ port, host }: MetricsAddress): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${String(error)}\n`),
    );
  });
  server.listen(port, host);
  await once(server, 'listening');
  server.unref();
  return server;
}
