import { SpanStatusCode, trace } from '@opentelemetry/api';

const tracer = trace.getTracer('@shop/gateway/server-render');

/**
 * The server renderer's spans (ServerRendererOptions.span): `ssr render` per page, `ssr load
 * <remote>` per remote module, `ssr prefetch <remote>` per page's data, each a child of the
 * request's span and the parent of the reads it makes. A failure is recorded on its span (the
 * part then renders in the browser). No-ops while tracing is off.
 */
export function renderSpan<T>(name: string, attributes: Record<string, string>, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message.split('\n')[0] : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}
