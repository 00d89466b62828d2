/**
 * Starts tracing (tracing.ts) when OTEL_EXPORTER_OTLP_ENDPOINT is set, with OTEL_SERVICE_NAME as
 * the service's name, before Fastify, undici, the MongoDB driver and pino are loaded. Unset (the
 * default, and in tests unless a test sets it), nothing is started and nothing is patched.
 * OTEL_SDK_DISABLED=true turns it off with the endpoint set. Run by the two entries: `./index.ts`
 * (the services) and `./public.ts` (the public gateway).
 */
import { beforeProcessExit } from './before-exit';
import type { TracingOptions } from './tracing';

export function startTracingFromEnvironment(incomingContext: TracingOptions['incomingContext']): void {
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || process.env.OTEL_SDK_DISABLED === 'true') return;
  // Loaded only when tracing is on: the SDK and its instrumentations take about 170 ms to load,
  // which every start of a process without tracing would pay for nothing.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- synchronous, before the modules it patches load
  const { startTracing } = require('./tracing') as typeof import('./tracing');
  const stop = startTracing({ serviceName: process.env.OTEL_SERVICE_NAME ?? 'shop', endpoint, incomingContext });
  // Spans still batched are sent before a graceful shutdown ends the process (run-server.ts).
  beforeProcessExit(stop);
}
