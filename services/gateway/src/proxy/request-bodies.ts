import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import getRawBody from 'raw-body';
import type { ErrorResponse } from '@shop/contracts';
import { MEDIA_MAX_BYTES, PRODUCT_IMPORT_MAX_BYTES } from '@shop/contracts/admin';
import { BODY_LIMIT_BYTES, PAYLOAD_TOO_LARGE } from '@shop/service-kit';
import { isApiRequest } from '../security';

/** The German 413 of an upload over `megabytes`. */
const uploadTooLarge = (megabytes: number): ErrorResponse => ({
  message: `Die Datei ist zu groß (höchstens ${megabytes} MB).`,
  code: 'PAYLOAD_TOO_LARGE',
});

/**
 * Endpoints that take larger bodies than BODY_LIMIT_BYTES, by exact path, with the German 413
 * beyond that: the media library's upload (10 MB images plus the multipart framing) and the
 * catalogue's CSV import, dry run and apply (the file as the body, 20 MB). Any other spelling of
 * the path keeps the 1 MB limit; the services enforce the file size themselves as well.
 */
const UPLOAD_LIMITS: Readonly<Record<string, { bytes: number; tooLarge: ErrorResponse }>> = {
  '/api/admin/media': { bytes: MEDIA_MAX_BYTES + 64 * 1024, tooLarge: uploadTooLarge(10) },
  '/api/admin/products/import/dry-run': { bytes: PRODUCT_IMPORT_MAX_BYTES, tooLarge: uploadTooLarge(20) },
  '/api/admin/products/import/apply': { bytes: PRODUCT_IMPORT_MAX_BYTES, tooLarge: uploadTooLarge(20) },
};

const REQUEST_TIMEOUT = {
  message: 'Die Anfrage kam zu langsam an. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  code: 'REQUEST_TIMEOUT',
} as const satisfies ErrorResponse;
const ENCODED_BODY = {
  message: 'Komprimierte Anfragen werden nicht angenommen. Bitte senden Sie den Inhalt unkomprimiert.',
  code: 'UNSUPPORTED_CONTENT_ENCODING',
} as const satisfies ErrorResponse;
const TOO_MANY_OPEN = {
  message: 'Zu viele gleichzeitige Anfragen von Ihrem Anschluss. Bitte versuchen Sie es gleich noch einmal.',
  code: 'TOO_MANY_CONCURRENT_REQUESTS',
} as const satisfies ErrorResponse;
const BAD_LENGTH = {
  message: 'Die Längenangabe der Anfrage stimmt nicht.',
  code: 'INVALID_CONTENT_LENGTH',
} as const satisfies ErrorResponse;

export interface RequestBodyOptions {
  /** Time a client has to send a whole /api body of up to 1 MB (ms). */
  bodyTimeoutMs: number;
  /** Time a client has to send an upload (media up to 10 MB, a catalogue CSV up to 20 MB) (ms). */
  uploadTimeoutMs: number;
  /** /api requests one client IP may have open at the gateway at once (a high backstop: shared IPs). */
  maxOpenPerClient: number;
}

/** The largest body the exact path of `request` takes (bytes), its German 413, and whether it is an upload. */
function bodyLimit(request: FastifyRequest): { limit: number; upload: boolean; tooLarge: ErrorResponse } {
  const upload = UPLOAD_LIMITS[request.url.split('?')[0] ?? ''];
  return upload === undefined
    ? { limit: BODY_LIMIT_BYTES, upload: false, tooLarge: PAYLOAD_TOO_LARGE }
    : { limit: upload.bytes, upload: true, tooLarge: upload.tooLarge };
}

/**
 * Request bodies at the gateway (130 connections trickling one byte every 2 s held
 * every upstream socket of /api/withdrawals, and the gateway had no timeout):
 * - every /api body is read completely, up to its limit, **before** the upstream request opens,
 *   so a slow client holds a socket of the gateway only, never one of a service's pool;
 * - the body must arrive within `bodyTimeoutMs` (uploads: `uploadTimeoutMs`), else 408 German;
 * - over the limit → 413, judged on the declared length at once and on the bytes actually
 *   streamed (chunked bodies have no declared length); a length that does not match → 400;
 * - `Content-Encoding` other than identity → 415 (no service inflates bodies, and an inflated
 *   body could exceed every limit);
 * - at most `maxOpenPerClient` open /api requests per client IP (429): bounds what one client
 *   can hold, high enough for many shoppers behind one carrier IP.
 * The body is passed on with its exact `content-length`, so the proxy never streams a client's
 * pace to a service.
 */
export const requestBodies = fp<RequestBodyOptions>(
  async (app: FastifyInstance, opts) => {
    const openPerClient = new Map<string, number>();

    app.addHook('onRequest', async (request, reply) => {
      if (!isApiRequest(request)) return;
      // A refusal here leaves the body unread: the connection closes after the answer.
      const refuse = (status: number, body: object) => reply.code(status).header('connection', 'close').send(body);
      const client = request.ip;
      const open = (openPerClient.get(client) ?? 0) + 1;
      if (open > opts.maxOpenPerClient) {
        request.log.warn({ client, open }, 'too many open requests from one client');
        return refuse(429, TOO_MANY_OPEN);
      }
      openPerClient.set(client, open);
      reply.raw.once('close', () => {
        const left = (openPerClient.get(client) ?? 1) - 1;
        if (left > 0) openPerClient.set(client, left);
        else openPerClient.delete(client);
      });

      const encoding = request.headers['content-encoding'];
      if (encoding && encoding.trim().toLowerCase() !== 'identity') return refuse(415, ENCODED_BODY);
      const { limit, tooLarge } = bodyLimit(request);
      if (Number(request.headers['content-length'] ?? 0) > limit) return refuse(413, tooLarge);
    });

    app.addHook('preParsing', async (request, reply, payload) => {
      if (!isApiRequest(request) || !hasBody(request)) return payload;
      const { limit, upload, tooLarge } = bodyLimit(request);
      // Ends the read with an error (raw-body stops and unpipes), not the socket: the 408 still goes out.
      const timer = setTimeout(
        () => {
          payload.emit('error', Object.assign(new Error('request body timed out'), { type: 'request.timeout' }));
        },
        upload ? opts.uploadTimeoutMs : opts.bodyTimeoutMs,
      );
      let body: Buffer;
      try {
        const declared = request.headers['content-length'];
        body = await getRawBody(payload, { limit, ...(declared === undefined ? {} : { length: declared }) });
      } catch (error) {
        const type = (error as { type?: string }).type;
        request.log.warn({ err: error, type }, 'request body refused');
        // The client may still be sending: answer, then close the connection. The answer is awaited
        // until it has gone out: only a reply that has ended stops Fastify's hook chain here (an
        // async onSend hook elsewhere would otherwise let the request go on to the parser).
        reply.header('connection', 'close');
        if (type === 'entity.too.large') await reply.code(413).send(tooLarge);
        else if (type === 'request.size.invalid') await reply.code(400).send(BAD_LENGTH);
        else if (type === 'request.timeout') await reply.code(408).send(REQUEST_TIMEOUT);
        else throw error; // aborted by the client: nobody to answer
        return undefined;
      } finally {
        clearTimeout(timer);
      }
      request.headers['content-length'] = String(body.length);
      delete request.headers['transfer-encoding'];
      return Object.assign(Readable.from(body.length ? [body] : []), { receivedEncodedLength: body.length });
    });
  },
  { name: 'gateway-request-bodies', dependencies: ['gateway-security'] },
);

/** Whether the request announces a body (a length above 0 or chunked transfer). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}
