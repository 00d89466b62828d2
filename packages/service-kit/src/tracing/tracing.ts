import { hostname } from 'node:os';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { FastifyOtelInstrumentation } from '@fastify/otel';

/** Probes the balancers and Prometheus ask every second: never traced (they would drown the real requests). */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/internal/runtime']);

export interface TracingOptions {
  /** `service.name` of every span (OTEL_SERVICE_NAME): gateway, catalog, cart, account, content, admin. */
  serviceName: string;
  /** Where spans go: an OTLP/HTTP receiver's base URL (OTEL_EXPORTER_OTLP_ENDPOINT), e.g. http://jaeger:4318. */
  endpoint: string;
}

/**
 * Starts OpenTelemetry tracing in this process (docs/operations.md 'Traces'): the Node tracer
 * provider with W3C `traceparent` propagation, spans batched to the OTLP/HTTP endpoint
 * (`<endpoint>/v1/traces`, JSON), and the instrumentations of what the shop uses:
 * - node:http (incoming requests; the gateway's own server is Fastify on it),
 * - undici (every outgoing call: fetch, the gateway's proxy, InternalClient between services),
 *   which carries `traceparent` to the next service, so one trace spans gateway → cart → catalog,
 * - Fastify (@fastify/otel: a span per request with its route),
 * - the MongoDB driver (a span per database command, under mongoose too),
 * - pino (every log line written inside a span carries `trace_id` and `span_id`).
 * Must run before those modules are loaded (`@shop/service-kit/tracing` as the first import of a
 * server). @returns a function that flushes and stops it (on shutdown).
 */
export function startTracing({ serviceName, endpoint }: TracingOptions): () => Promise<void> {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: serviceName,
      'service.instance.id': `${hostname()}:${process.pid}`,
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }))],
  });
  provider.register();
  const untraced = (path: string | undefined) => UNTRACED_PATHS.has((path ?? '').split('?')[0] ?? '');
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => untraced(request.url),
        // Outgoing calls are traced by undici (fetch); node:http clients are the test tools' only.
        ignoreOutgoingRequestHook: () => true,
      }),
      new UndiciInstrumentation({ ignoreRequestHook: (request) => untraced(request.path) }),
      // One span per request with its route; no span per hook and handler (about eight more per
      // request, which halved the throughput in the benchmark: docs/performance.md 'Observability').
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        instrumentHandler: false,
        ignorePaths: (route) => untraced(route.url),
      }),
      new MongoDBInstrumentation(),
      new PinoInstrumentation(),
    ],
  });
  return () => provider.shutdown();
}
