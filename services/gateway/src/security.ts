import { ENTRY_FORM_ACTIONS, type ErrorCode } from '@shop/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';

export interface SecurityOptions {
  /** Origins shoppers' browsers may send state-changing requests from. */
  allowedOrigins: string[];
  /** Origins the remotes are loaded from (when not served by the gateway itself). */
  remoteOrigins: string[];
  /** Other sites allowed to embed the shop in a frame (CSP frame-ancestors); the cart then works locally (spec §4). */
  frameAncestors: string[];
  /** Requests per minute and client IP on /api. */
  rateLimitMax: number;
  development: boolean;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The origin a browser request came from (Origin header, else the Referer's origin); null when
 * the request names neither (a server-to-server client). 'opaque' for `Origin: null` (sandboxed
 * frames, data: pages, some redirects) and an unparseable Referer: both are refused for writes.
 */
function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin === 'null') return 'opaque';
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'opaque';
  }
}

/**
 * Whether a request goes to the API, judged on what the router matched and the proxy forwards,
 * not on the raw URL: '/%61pi/cart' reaches the same route as '/api/cart'. A request
 * no route matched is judged on its percent-decoded path.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route) return route === '/api' || route.startsWith('/api/');
  const rawPath = request.url.split('?')[0] ?? '';
  let pathname = rawPath;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    // malformed escapes: the router answers 400/404 for those; judge the raw path
  }
  return pathname.startsWith('/api/');
}

const ENTRY_FORMS = new Set<string>(Object.values(ENTRY_FORM_ACTIONS));

/** Whether a request goes to one of the gateway's own storefront forms (age gate, cookie choice). */
const isEntryForm = (request: FastifyRequest) => ENTRY_FORMS.has(request.routeOptions.url ?? '');

/** Host names of this machine: only here may the request's own Host stand in for a configured origin. */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Development only: whether `origin` is a loopback address and names the host the request was
 * sent to, so the shop opened as http://127.0.0.1:8080 instead of http://localhost:8080 writes to
 * itself. Never for other hosts: a page of a foreign site whose name resolves to the
 * shop (DNS rebinding) sends its own name as both Origin and Host.
 */
function isLoopbackSameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const url = new URL(origin);
    return LOOPBACK_HOSTNAMES.has(url.hostname) && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Security added once for every slice:
 * - helmet headers with a content security policy that allows the configured remote origins
 *   (scripts, manifests, images); scripts and stylesheets get only those a subresource reads. Inline styles are allowed because the remotes inject their
 *   CSS at run time (style-loader); scripts stay 'self' + remote origins only.
 * - origin check: a POST/PUT/PATCH/DELETE to /api (or to the entry forms of entry-forms.ts)
 *   from a browser page of another origin is rejected with 403 (CSRF defence on top of SameSite cookies). Allowed: the configured
 *   origins (PUBLIC_ORIGIN, EXTRA_ALLOWED_ORIGINS), and in development the request's own loopback
 *   host. Requests without Origin and Referer
 *   (server-to-server clients) pass; `Origin: null` and a malformed Referer are refused.
 * - rate limit on /api per client IP (429 with a German message).
 * Both judge the route the router matched ({@link isApiRequest}), so encoded spellings of /api
 * get the same checks.
 */
/**
 * helmet's headers that only a document (or a worker, which the shop has none of) reads: the
 * CSP, framing, opener, agent-cluster and legacy document headers. A script or a stylesheet
 * ignores them. Referrer-Policy stays: a stylesheet's own requests (`url(…)`) follow it.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
/** Content types of the subresources sent without DOCUMENT_ONLY_HEADERS. */
const SUBRESOURCE_TYPE = /^(?:application|text)\/(?:javascript|css)\b/;
/** Their file names, for the answers without a content type (304 Not Modified to a revalidation). */
const SUBRESOURCE_FILE = /\.(?:m?js|css)$/;

const NONCE = Symbol('cspNonce');
type NonceCarrier = ServerResponse & { [NONCE]?: string };

/** The CSP nonce of this response: inline scripts carry it as `nonce="…"`. */
export function cspNonceOf(response: ServerResponse): string {
  return (response as NonceCarrier)[NONCE] ?? '';
}

export const security = fp<SecurityOptions>(
  async (app: FastifyInstance, opts) => {
    const remoteSources = opts.remoteOrigins;
    const devSources = opts.development ? ['ws://localhost:*', 'http://localhost:*'] : [];
    // A fresh nonce per response for the page's own inline scripts (the age-flag script and
    // React's streaming scripts); read with cspNonceOf(reply.raw).
    app.addHook('onRequest', async (_request, reply) => {
      (reply.raw as NonceCarrier)[NONCE] = randomBytes(16).toString('base64');
    });
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${cspNonceOf(res as ServerResponse)}'`, ...remoteSources, ...devSources],
          styleSrc: ["'self'", "'unsafe-inline'", ...remoteSources],
          imgSrc: ["'self'", 'data:', 'blob:', ...remoteSources],
          fontSrc: ["'self'", 'data:', ...remoteSources],
          connectSrc: ["'self'", ...remoteSources, ...devSources],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'", ...opts.frameAncestors],
          upgradeInsecureRequests: opts.development ? null : [],
        },
      },
      // X-Frame-Options cannot name other sites: with embedding sites configured, CSP frame-ancestors alone decides.
      frameguard: opts.frameAncestors.length ? false : { action: 'sameorigin' },
      crossOriginEmbedderPolicy: false,
      // Not helmet's 'no-referrer': with it, browsers send `Origin: null` on a form's POST
      // (HTML's 'serialize an origin' follows the referrer policy), and the origin check below
      // would refuse the shop's own forms. 'same-origin' still sends no address to other sites.
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: opts.development ? false : { maxAge: 15552000, includeSubDomains: true },
    });

    // Scripts and stylesheets are most of a page load's responses; the document-only headers
    // (about 0.8 KB each) are left off them. nosniff, CORP and HSTS stay on every response.
    app.addHook('onSend', async (request, reply, payload) => {
      const type = reply.getHeader('content-type');
      const subresource = type ? SUBRESOURCE_TYPE.test(String(type)) : SUBRESOURCE_FILE.test(request.url.split('?')[0] ?? '');
      if (subresource) {
        for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
      }
      return payload;
    });

    const allowed = new Set(opts.allowedOrigins);
    app.addHook('onRequest', async (request, reply) => {
      if (!STATE_CHANGING.has(request.method) || !(isApiRequest(request) || isEntryForm(request))) return;
      const origin = requestOrigin(request);
      if (origin === null || allowed.has(origin)) return;
      if (opts.development && isLoopbackSameHost(origin, request.headers.host)) return;
      request.log.warn({ origin }, 'rejected cross-origin state-changing request');
      return reply.code(403).send({ message: 'Anfrage von einer fremden Website abgelehnt.', code: 'ORIGIN_REJECTED' });
    });

    await app.register(rateLimit, {
      global: true,
      max: opts.rateLimitMax,
      timeWindow: 60_000,
      allowList: (request) => !isApiRequest(request),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Zu viele Anfragen. Bitte warten Sie ${Math.ceil(context.ttl / 1000)} Sekunden.`,
        code: 'RATE_LIMITED' satisfies ErrorCode,
      }),
    });
  },
  { name: 'gateway-security' },
);
