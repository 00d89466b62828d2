import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  GENERIC_ERROR_CODES,
  HealthResponse,
  ReadinessResponse,
  type ErrorResponse,
  type ReadinessCheck,
} from '@shop/contracts';
import { FRAMEWORK_ERRORS } from './errors';
import { errorAnswer } from './error-answer';
import { plainIssueText } from './validation-messages';
import { collectRuntimeMetrics } from './metrics/registry';
import { httpMetricsPlugin } from './metrics/http-metrics';

// Validation messages in plain German: they reach shoppers as '<status>: <message>' (spec §8);
// zod's German locale covers what plainIssueText leaves out.
z.config(z.locales.de());
z.config({ customError: plainIssueText });

export interface CreateServiceAppOptions {
  /** Service name for logs, health answers and the OpenAPI title. */
  service: string;
  description: string;
  logLevel?: string;
  /** 'pretty' for a terminal (pino-pretty, requests at debug); 'json' by default. */
  logFormat?: 'json' | 'pretty';
  /** Extra readiness probes (the database one is added by the service). */
  readinessChecks?: Array<() => Promise<ReadinessCheck>>;
  fastify?: FastifyServerOptions;
  /** Set false when the app installs its own not-found handler (the gateway's HTML 404). */
  jsonNotFound?: boolean;
  /**
   * The HTML page for a request Fastify refuses before routing (a malformed address, a bad
   * header: FRAMEWORK_ERRORS), or null for the JSON answer: the gateway answers browsers' page
   * requests with a German page.
   */
  frameworkErrorPage?: (request: FastifyRequest, answer: { status: number; message: string }) => string | null;
  /**
   * An error answer whose status or code the route did not declare (errorResponses) becomes a 500
   * instead of going out (true), or goes out and is logged as an error (false). Default: true
   * under tests (NODE_ENV 'test'), so tests prove every route's declared errors; false otherwise,
   * so a shopper never gets a 500 for a contract slip.
   */
  strictErrorContracts?: boolean;
}

/** Request ids taken from `x-request-id`: letters, digits, '.', '_', ':' and '-', at most 64 characters. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Creates a Fastify app with what every service shares: zod validation and serialisation
 * (fastify-type-provider-zod), an OpenAPI document at `GET /openapi.json`, request ids taken
 * from `x-request-id` (set by the gateway) when short and safe, else generated, one error handler, JSON 404s,
 * `GET /healthz` and `GET /readyz`.
 *
 * Errors leave as `ErrorResponse` `{ message, code?, issues? }`:
 * - request validation → 400 with a German message and the precise `issues`;
 * - Fastify's body errors (bad JSON, empty body, too large, unsupported type) → their status
 *   with a German message and a stable code (FRAMEWORK_ERRORS);
 * - errors with a 4xx `statusCode` (e.g. NotFoundError) or 503 (a dependency unreachable) →
 *   that status and their message;
 * - the database unreachable → 503 DATABASE_UNAVAILABLE with the German 'nicht erreichbar' text;
 * - anything else → 500 'Interner Serverfehler' (details only in the log).
 *
 * Every answer is measured in `http_server_request_duration_seconds` (metrics/http-metrics.ts).
 */
export function createServiceApp(options: CreateServiceAppOptions) {
  const { service, description, logLevel = 'info', logFormat = 'json' } = options;
  const readinessChecks = [...(options.readinessChecks ?? [])];
  const strictErrorContracts = options.strictErrorContracts ?? process.env.NODE_ENV === 'test';
  const app = Fastify({
    logger: logLevel === 'silent' ? false : loggerOptions(service, logLevel, logFormat),
    ...(logFormat === 'pretty' ? { logController: new TerminalLogController() } : {}),
    // A client's x-request-id is logged and echoed: only a short safe token is taken,
    // anything else gets a new UUID.
    requestIdHeader: false,
    genReqId: (request) => {
      const header = request.headers['x-request-id'];
      return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
    },
    // Path parameters up to 1000 characters reach the route schema, which answers an over-long
    // value with a 400 naming the parameter (instead of the router's bare 414).
    routerOptions: { maxParamLength: 1000 },
    // A request that reaches a stopping instance on a connection opened before is served, not
    // answered 503 (a rolling restart without a failed request; run-server.ts drains first).
    return503OnClosing: false,
    // Errors the router raises before any route runs (a parameter over 1000 characters, a
    // malformed URL): the same German answer and stable code as every other error.
    frameworkErrors: (error, request, reply) => {
      const framework = FRAMEWORK_ERRORS[error.code] ?? { status: 400, message: 'Ungültige Anfrage.', code: 'BAD_REQUEST' };
      const answer = reply as unknown as FastifyReply;
      const page = options.frameworkErrorPage?.(request as unknown as FastifyRequest, framework);
      if (page) void answer.code(framework.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
      else void answer.code(framework.status).send({ message: framework.message, code: framework.code });
    },
    ...options.fastify,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${service} service`, description, version: '0.1.0' },
    },
    transform: jsonSchemaTransform,
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, body } = errorAnswer(error, request);
    const declared = declaredErrorAnswer(request, status, body);
    if (declared === 'undeclared') {
      request.log.error({ status, code: body.code, route: request.routeOptions.url }, 'error answer not declared by the route');
      if (strictErrorContracts) return reply.code(500).send({ message: 'Interner Serverfehler', code: 'INTERNAL_ERROR' });
      return reply.code(status).serializer(JSON.stringify).send(body);
    }
    return reply.code(status).send(body);
  });

  if (options.jsonNotFound !== false) {
    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({ message: `Nicht gefunden: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
    });
  }

  // Prometheus figures of this process (metrics/): served on its own internal port (run-server.ts).
  collectRuntimeMetrics(service);
  app.register(httpMetricsPlugin);

  app.get('/healthz', { schema: { hide: true, response: { 200: HealthResponse } } }, async () => ({ status: 'ok' as const, service }));

  // Set on SIGTERM (run-server.ts): not ready any more, and every answer closes its connection.
  app.decorate('draining', false);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // A check of what the app builds after it was created (the gateway's live releases): added once that exists.
  app.decorate('addReadinessCheck', (check: () => Promise<ReadinessCheck>) => {
    readinessChecks.push(check);
  });
  app.get('/readyz', { schema: { hide: true, response: { 200: ReadinessResponse, 503: ReadinessResponse } } }, async (_request, reply) => {
    if (app.draining) return reply.code(503).send({ status: 'draining', service, checks: [] });
    const checks = await Promise.all(readinessChecks.map((check) => check()));
    const ready = checks.every((check) => check.ok);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', service, checks });
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}

/**
 * Request lines for a person at a terminal: none for an incoming request, one short line at
 * debug per completed one (JSON logs keep Fastify's default two lines at info).
 */
class TerminalLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.debug(`${request.method} ${request.url} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`);
  }
}

/** Pino options: JSON lines with the service name, or pino-pretty's one readable line per event. */
function loggerOptions(service: string, level: string, format: 'json' | 'pretty') {
  if (format === 'json') return { level, base: { service } };
  return {
    level,
    base: { service },
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,service', messageFormat: '{service}: {msg}', singleLine: true },
    },
  };
}

/**
 * Whether the route declared this error answer: 'declared' (a generic answer every route can
 * give, GENERIC_ERROR_CODES, or one its response schemas accept), 'undeclared' (its response
 * schemas have none for the status, or refuse the body's code), or 'unchecked' (a route without
 * response schemas, such as a binary download, or a request that matched no route).
 */
function declaredErrorAnswer(request: FastifyRequest, status: number, body: ErrorResponse): 'declared' | 'undeclared' | 'unchecked' {
  const responses = (request.routeOptions.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!responses || !request.routeOptions.url) return 'unchecked';
  const generic: readonly ErrorCode[] | undefined = (GENERIC_ERROR_CODES as Record<number, readonly ErrorCode[]>)[status];
  if (generic?.includes(body.code)) return 'declared';
  const schema = responses[status] ?? responses[String(status)];
  if (!(schema instanceof z.ZodType)) return 'undeclared';
  return schema.safeParse(body).success ? 'declared' : 'undeclared';
}

/** The app type every service's `buildApp` returns. */
export type ServiceApp = ReturnType<typeof createServiceApp>;

declare module 'fastify' {
  interface FastifyInstance {
    /** True from SIGTERM on (run-server.ts): /readyz answers 'draining' and answers close their connections. */
    draining: boolean;
    /** Adds a check /readyz runs with those given at the app's creation (all must pass). */
    addReadinessCheck(check: () => Promise<ReadinessCheck>): void;
  }
}
