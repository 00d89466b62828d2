/**
 * `import '@shop/service-kit/tracing'` as the first import of a service's server (src/server.ts):
 * starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (from-environment.ts). A service's
 * callers are the gateway and the other services: an incoming `traceparent` is continued, so one
 * trace spans gateway → cart → catalog. The public gateway imports `./public` instead.
 */
import { startTracingFromEnvironment } from './from-environment';

startTracingFromEnvironment('continue');
