/**
 * The storefront's HTTP client, implementing spec §7 ('The calls it makes') and §8
 * ('The error catalogue') exactly:
 * - every call sends cookies (`credentials: 'include'`);
 * - a payload is sent as JSON, or unchanged when it is FormData (the browser sets the boundary);
 * - a non-2xx response throws {@link ApiError} whose message is '<status>: <server message>',
 *   the server message being, in this order: the JSON body's `message`, else its `error`,
 *   else the whole JSON text; for other content types the response text; if reading the
 *   body fails, the status text;
 * - 401 throws by default; `on401: 'returnNull'` gives null instead (the session fetch);
 * - an empty body gives null; an unparseable JSON body is logged and gives null.
 */

import { ApiError } from './api-error';

export * from './api-error';
export * from './failure';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** What a 401 does: throw (the configured default, spec §7) or resolve to null. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
  /** Extra headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Base URL prepended to the path; '' (same origin) by default. */
  baseUrl?: string;
  /** Injected for tests; defaults to the global fetch. */
  fetchImpl?: typeof fetch;
  /** Where unparseable bodies are reported; defaults to console.error. */
  logger?: (message: string, detail: unknown) => void;
}

/** Builds the default read path from key segments (spec §7: 'a GET on a path built from key segments'). */
export function pathFromKey(key: readonly (string | number)[]): string {
  return key.map(String).join('/');
}

async function serverMessageOf(response: Response): Promise<{ message: string; body: unknown }> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return { message: response.statusText, body: undefined };
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return { message: text, body: undefined };
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const record = body as Record<string, unknown>;
      if (typeof record.message === 'string' && record.message) return { message: record.message, body };
      if (typeof record.error === 'string' && record.error) return { message: record.error, body };
    }
    return { message: text, body };
  } catch {
    return { message: text, body: undefined };
  }
}

const defaults: { baseUrl: string; fetchImpl: typeof fetch | null } = { baseUrl: '', fetchImpl: null };

/**
 * Sets the defaults of every request in this JavaScript realm. The browser needs none (same
 * origin, global fetch); the server renderer passes a fetch that sends `/api/…`
 * reads to the owning service. Per-call options still win.
 */
export function configureApiClient(options: { baseUrl?: string; fetchImpl?: typeof fetch | null }): void {
  if (options.baseUrl !== undefined) defaults.baseUrl = options.baseUrl;
  if (options.fetchImpl !== undefined) defaults.fetchImpl = options.fetchImpl;
}

/**
 * Sends one request: `payload` as JSON, or FormData and files (Blob, under their own type) as
 * they are. Resolves to the parsed JSON body (typed by the caller, ideally after a
 * zod parse), or null for an empty/unparseable body or a 401 with `on401: 'returnNull'`.
 * @throws ApiError for non-2xx responses; TypeError (from fetch) for network failures.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  payload?: unknown,
  options: ApiRequestOptions = {},
): Promise<T | null> {
  const {
    on401 = 'throw',
    signal,
    headers = {},
    baseUrl = defaults.baseUrl,
    fetchImpl = defaults.fetchImpl ?? fetch,
    logger = console.error,
  } = options;
  const init: RequestInit = { method, credentials: 'include', signal, headers: { ...headers } };
  if (payload !== undefined) {
    if (typeof FormData !== 'undefined' && payload instanceof FormData) {
      init.body = payload;
    } else if (typeof Blob !== 'undefined' && payload instanceof Blob) {
      // A file sent as it is (a CSV upload), under its own type.
      init.body = payload;
      if (payload.type) (init.headers as Record<string, string>)['Content-Type'] = payload.type;
    } else {
      init.body = JSON.stringify(payload);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
  }
  const response = await fetchImpl(baseUrl + path, init);
  if (response.status === 401 && on401 === 'returnNull') {
    // Read the body to its end: an unread body keeps the request open (the connection, and
    // 'network idle' for tools waiting on the page).
    await response.text().catch(() => undefined);
    return null;
  }
  if (!response.ok) {
    const { message, body } = await serverMessageOf(response);
    throw new ApiError(response.status, message, body);
  }
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    logger(`Unparseable response body from ${method} ${path}`, error);
    return null;
  }
}

/** The default read: GET on the path built from key segments. */
export function apiGet<T = unknown>(key: readonly (string | number)[], options?: ApiRequestOptions): Promise<T | null> {
  return apiRequest<T>('GET', pathFromKey(key), undefined, options);
}
