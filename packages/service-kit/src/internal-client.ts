import type { z } from 'zod';
import { ErrorResponse } from '@shop/contracts';
import { internalHeaders } from './internal-auth';
import { serviceUrls } from './config';

/** True when fetch failed because the connection was refused: the request never reached the service. */
function connectionRefused(error: unknown): boolean {
  return (error as { cause?: { code?: unknown } } | null)?.cause?.code === 'ECONNREFUSED';
}

/** True when fetch failed on the connection (refused, reset, closed), not by the call's own timeout. */
function connectionFailed(error: unknown): boolean {
  return !(error instanceof DOMException) && error instanceof TypeError;
}

/** Why an internal call failed. */
export type InternalCallFailure = 'unreachable' | 'timeout' | 'status' | 'invalid-body';

/**
 * A failed call to another service's /internal API: it could not be reached, did not answer
 * within the timeout, answered a status the caller does not accept (`status`, with its parsed
 * `{ message, code }` when it sent one), or sent a body its contract refuses. Callers turn it
 * into their own German 503 or 409; the log gets this message.
 */
export class InternalCallError extends Error {
  constructor(
    readonly service: string,
    readonly path: string,
    readonly failure: InternalCallFailure,
    readonly status: number | null = null,
    readonly body: ErrorResponse | null = null,
    options?: { cause?: unknown },
  ) {
    super(`${service} ${path}: ${failure}${status === null ? '' : ` (HTTP ${status}${body ? ` ${body.code}` : ''})`}`, options);
    this.name = 'InternalCallError';
  }
}

/** The statuses a caller accepts, each with the schema of its body (null: no body is read). */
type Expected = Record<number, z.ZodType | null>;

/** The answer of a call: one of the accepted statuses with its parsed body. */
export type InternalAnswer<E extends Expected> = {
  [S in keyof E & number]: { status: S; body: E[S] extends z.ZodType ? z.output<E[S]> : null };
}[keyof E & number];

/**
 * The one way a service calls another one's /internal API (fourteen hand-written
 * `fetch` calls, two of which cast the answer instead of parsing it): the shared secret's header,
 * a timeout, the answer parsed with its contract, and every failure as an InternalCallError.
 */
export class InternalClient {
  constructor(
    private readonly options: {
      /** The called service, for logs and errors ('catalog'). */
      service: string;
      /**
       * The service's URL; several comma-separated (its instances, `<SLICE>_SERVICE_URL`) are
       * taken in turn; or a function giving one per call (the gateway's ready instances).
       */
      baseUrl: string | (() => string);
      /** INTERNAL_API_SECRET: /internal refuses calls without it. */
      secret: string;
      /** Default time one call may take (ms). */
      timeoutMs: number;
    },
  ) {
    const { baseUrl } = options;
    this.origins = typeof baseUrl === 'string' ? serviceUrls(baseUrl) : [];
  }

  private readonly origins: string[];
  private next = 0;

  /** The base URLs to try for one call: the next instance first, then the others (several only with a list). */
  private candidates(): string[] {
    const { baseUrl } = this.options;
    if (typeof baseUrl === 'function') return [baseUrl()];
    this.next = (this.next + 1) % this.origins.length;
    return [...this.origins.slice(this.next), ...this.origins.slice(0, this.next)];
  }

  /**
   * One call to `path` (with `query` parameters), sending `body` as JSON. With several instances
   * the calls go to each in turn; a call whose connection is refused (the instance is down or
   * restarting: nothing reached it) goes to the next one, whatever its method, and a GET also
   * when its connection broke off.
   
   * @returns the accepted status with its body parsed by its schema.
   * @throws InternalCallError for any other status, a timeout, an unreachable service or a body its schema refuses.
   */
  async call<E extends Expected>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    expect: E,
    request: { query?: Record<string, string | undefined>; body?: unknown; timeoutMs?: number } = {},
  ): Promise<InternalAnswer<E>> {
    const { service } = this.options;
    const signal = AbortSignal.timeout(request.timeoutMs ?? this.options.timeoutMs);
    let response: Response | undefined;
    let failure: unknown;
    for (const base of this.candidates()) {
      const url = new URL(path, base);
      for (const [key, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(key, value);
      try {
        response = await fetch(url, {
          method,
          headers: {
            ...internalHeaders(this.options.secret),
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal,
        });
        break;
      } catch (error) {
        failure = error;
        if (!connectionRefused(error) && !(method === 'GET' && connectionFailed(error))) break;
      }
    }
    if (!response) {
      const timedOut = failure instanceof DOMException && failure.name === 'TimeoutError';
      throw new InternalCallError(service, path, timedOut ? 'timeout' : 'unreachable', null, null, { cause: failure });
    }
    if (!(response.status in expect)) {
      const body = ErrorResponse.safeParse(await response.json().catch(() => null));
      throw new InternalCallError(service, path, 'status', response.status, body.success ? body.data : null);
    }
    const schema = expect[response.status];
    if (!schema) {
      await response.body?.cancel();
      return { status: response.status, body: null } as InternalAnswer<E>;
    }
    let parsed: unknown;
    try {
      parsed = schema.parse(await response.json());
    } catch (error) {
      throw new InternalCallError(service, path, 'invalid-body', response.status, null, { cause: error });
    }
    return { status: response.status, body: parsed } as InternalAnswer<E>;
  }

  /** GET with one accepted answer (200). @returns its parsed body. @throws InternalCallError. */
  async get<T extends z.ZodType>(
    path: string,
    schema: T,
    request: { query?: Record<string, string | undefined>; timeoutMs?: number } = {},
  ) {
    return (await this.call('GET', path, { 200: schema }, request)).body as z.output<T>;
  }
}
