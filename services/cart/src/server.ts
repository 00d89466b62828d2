// First: tracing patches Fastify, undici, the MongoDB driver and pino as they load (when OTEL_EXPORTER_OTLP_ENDPOINT is set).
import '@shop/service-kit/tracing';
import { startService } from '@shop/service-kit';
import { buildApp } from './app';
import { CartEnv } from './config';

void startService(CartEnv, buildApp);
