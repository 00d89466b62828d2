// First: tracing patches Fastify, undici, the MongoDB driver and pino as they load (when OTEL_EXPORTER_OTLP_ENDPOINT is set);
// the public entry's variant: a client's own trace context is never continued.
import '@shop/service-kit/tracing/public';
import { startService } from '@shop/service-kit';
import { buildApp } from './app';
import { GatewayEnv } from './config';

void startService(GatewayEnv, buildApp);
