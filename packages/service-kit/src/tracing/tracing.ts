import { hostname } from 'node:os';
import { context, propagation, trace, type Context, type TextMapPropagator, type TextMapSetter } from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
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
  /**
   * What an incoming request's trace context (`traceparent`, `tracestate`, `baggage`) counts for:
   * 'continue' (the services: their caller is the gateway or another service, whose trace they
   * join) or 'ignore' (the public gateway: a client may not choose the trace id, switch sampling
   * off with its flags, or hand baggage on to the services; every request starts its own trace).
   * Outgoing calls carry this process's own context either way.
   */
  incomingContext: 'continue' | 'ignore';
  /** Where spans go instead of `endpoint` (an in-memory exporter in tests). */
  exporter?: SpanExporter;
}

/**
 * W3C trace context and baggage that go out with every call this process makes and are never
 * taken from a request it receives: the HTTP and Fastify instrumentations extract a request's
 * context through the global propagator, which then finds none and starts a new trace.
 */
class OutgoingOnlyPropagator implements TextMapPropagator {
  private readonly w3c = new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] });

  inject(context: Context, carrier: unknown, setter: TextMapSetter): void {
    this.w3c.inject(context, carrier, setter);
  }

  extract(context: Context): Context {
    return context;
  }

  fields(): string[] {
    return this.w3c.fields();
  }
}

/**
 * Starts OpenTelemetry tracing in this process (docs/operations.md 'Traces'): the Node tracer
 * provider with W3C `traceparent` propagation (incoming only with `incomingContext` 'continue'), spans batched to the OTLP/HTTP endpoint
 * (`<endpoint>/v1/traces`, JSON), and the instrumentations of what the shop uses:
 * - node:http (incoming requests; the gateway's own server is Fastify on it),
 * - undici (every outgoing call: fetch, the gateway's proxy, InternalClient between services),
 *   which carries `traceparent` to the next service, so one trace spans gateway → cart → catalog,
 * - Fastify (@fastify/otel: a span per request with its route),
 * - the MongoDB driver (a span per database command, under mongoose too),
 * - pino (every log line written inside a span carries `trace_id` and `span_id`).
 * Must run before those modules are loaded (`@shop/service-kit/tracing` as the first import of a
 * server). @returns a function that flushes and stops it (on shutdown): instrumentations removed,
 * spans sent, the global tracer provider, propagator and context manager unset.
 */
export function startTracing({ serviceName, endpoint, incomingContext, exporter }: TracingOptions): () => Promise<void> {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: serviceName,
      'service.instance.id': `${hostname()}:${process.pid}`,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter ?? new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }))],
  });
  // The default propagator (W3C trace context and baggage, both ways) unless incoming context is ignored.
  provider.register(incomingContext === 'ignore' ? { propagator: new OutgoingOnlyPropagator() } : {});
  const untraced = (path: string | undefined) => UNTRACED_PATHS.has((path ?? '').split('?')[0] ?? '');
  const unregister = registerInstrumentations({
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
  return async () => {
    unregister();
    await provider.shutdown();
    trace.disable();
    propagation.disable();
    context.disable();
  };
}
