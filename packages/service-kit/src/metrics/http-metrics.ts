import fp from 'fastify-plugin';
import { HTTP_DURATION_BUCKETS_S, shopHistogram } from './registry';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The route a request is counted under when the router's pattern says too little: the
     * gateway's storefront catch-all sets the page's route of @shop/routes (`/produkt/:slug`).
     */
    metricsRoute: string | null;
  }
}

/**
 * `http_server_request_duration_seconds` (OpenTelemetry `http.server.request.duration`): how long
 * each answer took, from the request's arrival to the last byte handed to the socket (Fastify's
 * `reply.elapsedTime`), by method, route pattern and status. The route is the pattern
 * (`/api/products/:slug`), never the path, so the label's values stay few; an unmatched request
 * counts as `unmatched`.
 */
export const httpServerDuration = shopHistogram({
  name: 'http_server_request_duration_seconds',
  help: 'Duration of HTTP server requests (OpenTelemetry http.server.request.duration).',
  labelNames: ['http_request_method', 'http_route', 'http_response_status_code'] as const,
  buckets: HTTP_DURATION_BUCKETS_S,
});

/** Records every answer of the app in {@link httpServerDuration}. */
export const httpMetricsPlugin = fp(
  async (app) => {
    app.decorateRequest('metricsRoute', null);
    app.addHook('onResponse', async (request, reply) => {
      httpServerDuration.observe(
        {
          http_request_method: request.method,
          http_route: request.metricsRoute ?? request.routeOptions.url ?? 'unmatched',
          http_response_status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'shop-http-metrics' },
);
