/**
 * Whose trace a request joins (tracing.ts): the services continue their caller's trace context;
 * the public gateway ('ignore') starts its own trace for every request, whatever trace id,
 * sampling flag, tracestate or baggage a client sends, and its calls carry its own context.
 * Real instrumentations, a real Fastify server and a real fetch; spans kept in memory.
 */
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { ExportResultCode } from '@opentelemetry/core';
import { startTracing, type TracingOptions } from './tracing';

/** Every span exported, kept past the provider's shutdown (which flushes the last batch). */
const exported: ReadableSpan[] = [];
const exporter: SpanExporter = {
  export: (spans, done) => {
    exported.push(...spans);
    done({ code: ExportResultCode.SUCCESS });
  },
  shutdown: async () => {},
};
let stopTracing: (() => Promise<void>) | null = null;
const servers: FastifyInstance[] = [];

/** The trace headers the next hop received from the entry's call. */
let received: Record<string, string | undefined> = {};

/** An entry that calls a next hop (as the gateway calls a service), with tracing in `mode`. */
async function tracedEntry(incomingContext: TracingOptions['incomingContext']): Promise<string> {
  exported.length = 0;
  stopTracing = startTracing({ serviceName: 'gateway', endpoint: 'http://127.0.0.1:1', incomingContext, exporter });
  const next = Fastify();
  next.get('/next', async (request) => {
    received = {
      traceparent: request.headers.traceparent as string | undefined,
      tracestate: request.headers.tracestate as string | undefined,
      baggage: request.headers.baggage as string | undefined,
    };
    return { ok: true };
  });
  const nextUrl = await next.listen({ port: 0, host: '127.0.0.1' });
  const entry = Fastify();
  entry.get('/entry', async () => (await fetch(`${nextUrl}/next`)).json());
  const entryUrl = await entry.listen({ port: 0, host: '127.0.0.1' });
  servers.push(next, entry);
  return entryUrl;
}

/** GET `url` with the client's headers as written. */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The server spans of the entry's request (@fastify/otel's; under jest node:http is not patched), once exported. */
async function entrySpans(): Promise<ReadableSpan[]> {
  await Promise.all(servers.map((server) => server.close()));
  servers.length = 0;
  const stop = stopTracing!;
  stopTracing = null;
  await stop();
  return exported.filter(
    (span) => span.kind === SpanKind.SERVER && String(span.attributes['url.path'] ?? span.attributes['http.target']) === '/entry',
  );
}

afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers.length = 0;
  await stopTracing?.();
  stopTracing = null;
});

const clientTraceId = randomBytes(16).toString('hex');
const clientContext = (flags: '00' | '01') => ({
  traceparent: `00-${clientTraceId}-${randomBytes(8).toString('hex')}-${flags}`,
  tracestate: 'vendor=client-chosen',
  baggage: 'userId=forged,role=admin',
});

test("the public entry ignores a client's trace context: its own sampled trace, carried to the next hop without the client's tracestate or baggage", async () => {
  const url = await tracedEntry('ignore');
  // What the node:http and Fastify instrumentations read of a request's headers: nothing.
  expect(trace.getSpanContext(propagation.extract(ROOT_CONTEXT, clientContext('01')))).toBeUndefined();
  expect(await get(`${url}/entry`, clientContext('00'))).toBe(200);
  const hop = received;
  const spans = await entrySpans();
  expect(spans).not.toHaveLength(0);
  const traceIds = new Set(spans.map((span) => span.spanContext().traceId));
  expect(traceIds.size).toBe(1);
  const [traceId] = [...traceIds];
  expect(traceId).not.toBe(clientTraceId);
  // Sampled, whatever the client's flags said; the next hop continues the entry's own trace.
  expect(spans.every((span) => span.spanContext().traceFlags === 1)).toBe(true);
  expect(hop.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  expect(hop.tracestate).toBeUndefined();
  expect(hop.baggage).toBeUndefined();
});

test("a service continues its caller's trace context (the gateway's or another service's)", async () => {
  const url = await tracedEntry('continue');
  expect(trace.getSpanContext(propagation.extract(ROOT_CONTEXT, clientContext('01')))?.traceId).toBe(clientTraceId);
  expect(await get(`${url}/entry`, clientContext('01'))).toBe(200);
  const hop = received;
  const spans = await entrySpans();
  expect(spans.map((span) => span.spanContext().traceId)).toContain(clientTraceId);
  expect(hop.traceparent).toMatch(new RegExp(`^00-${clientTraceId}-`));
  expect(hop.baggage).toBe('userId=forged,role=admin');
});
