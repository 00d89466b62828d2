import { z } from 'zod';

/**
 * Parses the environment with a zod schema and fails fast with a message naming every bad
 * variable (conventions: `src/config.ts` fails fast naming the variable).
 * @throws ConfigError listing `NAME: problem` lines.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/**
 * `<SLICE>_SERVICE_URL`: one instance's base URL, or several comma-separated; each
 * must be an http(s) URL. Kept as the normalised comma-separated string: InternalClient spreads
 * calls over the instances, the gateway splits it into its balanced pool (`serviceUrls`).
 */
export const serviceUrlVar = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => serviceUrls(value))
    .pipe(z.array(z.string().url('each service URL must be like http://127.0.0.1:4101')).min(1, 'at least one service URL'))
    .transform((urls) => urls.join(','));

/** The instances' URLs of a `<SLICE>_SERVICE_URL` value (comma-separated, blanks dropped). */
export function serviceUrls(value: string): string[] {
  return value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
}

/**
 * `SHUTDOWN_DRAIN_MS`: how long a stopping process keeps serving while its /readyz says
 * 'draining' (run-server.ts), so balancers stop sending first. Default 2500: over twice the
 * gateway's INSTANCE_CHECK_MS (1000).
 */
export const shutdownDrainMsVar = z.coerce
  .number()
  .int()
  .min(0)
  .max(60_000)
  .default(2500)
  .describe(
    "On SIGTERM, how long (ms, at most 60000) the process keeps serving while its `/readyz` answers 'draining', before it stops taking connections: balancers stop sending first, so a rolling restart fails no request.",
  );

/** A TCP port given as an environment string. */
export const portVar = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);

/** `INTERNAL_API_SECRET`: at least 32 characters, the same for the gateway and every service (internal-auth.ts). */
export const internalApiSecretVar = z
  .preprocess((value) => (value === '' ? undefined : value), z.string().min(32).optional())
  .describe(
    'Shared secret of the service-to-service calls (`/internal/*`), at least 32 characters, the same value in the gateway and every service. Required with `NODE_ENV=production`; unset in development: a random one created in `./data/secrets/` and shared by every process started on that folder.',
  );

/**
 * `EDGE_PURGE_URLS`: the shared cache instances to purge, comma-separated http(s) base URLs
 * (edge/edge-purge.ts); empty (default) when no shared cache runs in front of the gateway.
 */
export const edgePurgeUrlsVar = z
  .string()
  .default('')
  .refine(
    (value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean)
        .every((url) => /^https?:\/\/[^/?#]+\/?$/.test(url)),
    'must be comma-separated base URLs like http://varnish:6081',
  )
  .describe(
    'The shared cache instances to purge when staff change what pages show (comma-separated base URLs such as http://edge:8081; a host name stands for all its addresses). Unset: no shared cache runs in front of the gateway, nothing is purged.',
  );

/**
 * Environment every domain service shares. `MONGODB_URI` is required here: the start and
 * test scripts pass the local engine's URI when the developer set none.
 * `MONGODB_DB` defaults to `shop_<slice>` (one database per service, docs/architecture.md).
 */
export function serviceEnvSchema(slice: string, defaultPort: number) {
  return z.object({
    PORT: portVar(defaultPort).describe('TCP port the service listens on (internal; the gateway calls it).'),
    HOST: z.string().default('127.0.0.1').describe('Address the service listens on; `0.0.0.0` in containers.'),
    SHUTDOWN_DRAIN_MS: shutdownDrainMsVar,
    MONGODB_URI: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URI')
      .describe(
        'The MongoDB server (`mongodb://` or `mongodb+srv://`). `npm start` and the tests set it to the local FerretDB when the developer sets none.',
      ),
    MONGODB_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/)
      .default(`shop_${slice}`)
      .describe("The service's own database on that server (one database per service)."),
    LOG_LEVEL: logLevelVar,
    LOG_FORMAT: logFormatVar,
    // Shared secret of /internal/* calls (internal-auth.ts); required in production.
    INTERNAL_API_SECRET: internalApiSecretVar,
    // Verifies the gateway's x-shop-identity (identity.ts); required in production.
    IDENTITY_SECRET: z
      .preprocess((value) => (value === '' ? undefined : value), z.string().min(32).optional())
      .describe(
        "Verifies the gateway's `x-shop-identity` header (who is logged in, with which role), at least 32 characters, the same value in the gateway and every service. Required with `NODE_ENV=production`; unset in development: shared through `./data/secrets/`. A header it cannot verify is logged and counted (`identityRejections` of `GET /internal/runtime`).",
      ),
    // The admin service, which owns the audit log: staff writes deliver their audit entries there (audit/audit-outbox.ts).
    ADMIN_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4105').describe(
      'The admin service, which keeps the audit log: staff changes deliver their audit entries there. Every `<SLICE>_SERVICE_URL` may list several instances comma-separated: calls go to each in turn, and one that refuses the connection passes the call to the next.',
    ),
    // The shared cache instances to purge when this service changes what pages show (edge/edge-purge.ts); empty: none.
    EDGE_PURGE_URLS: edgePurgeUrlsVar,
  });
}

/**
 * Where a process serves `GET /metrics` (every service and the gateway, run-server.ts):
 * `METRICS_PORT` (unset: not served) on `METRICS_HOST` (default: the process's HOST). An internal
 * address: the gateway's public port never answers /metrics, and Prometheus reaches this port over
 * the deployment's own network (docker-compose.yml).
 */
export const MetricsEnv = z.object({
  METRICS_PORT: z
    .preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(65535).optional())
    .describe(
      "Internal port on which the process serves `GET /metrics` in Prometheus' format (never on the gateway's public port). Unset: no metrics port; `npm start` sets the process's port + 10000.",
    ),
  METRICS_HOST: z
    .preprocess((value) => (value === '' ? undefined : value), z.string().optional())
    .describe("Address of the metrics port; unset: the process's `HOST`."),
});
export type MetricsEnv = z.output<typeof MetricsEnv>;

/** Pino level of a service's log. */
export const logLevelVar = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info')
  .describe('Pino log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.');
/**
 * 'json' (production: one JSON line per event, requests at info) or 'pretty' (a person at a
 * terminal, set by `npm start` and `npm run dev`: pino-pretty, requests only at debug).
 */
export const logFormatVar = z
  .enum(['json', 'pretty'])
  .default('json')
  .describe(
    '`json`: one JSON line per event, each answered request at info (production). `pretty`: readable lines (pino-pretty), requests only at `LOG_LEVEL=debug`; `npm start` and `npm run dev` set it.',
  );
export type ServiceEnv = z.output<ReturnType<typeof serviceEnvSchema>>;
