import { DhlRateLimitedError, DhlUnavailableError } from './dhl-errors';

/** The `fetch` the client uses (global fetch by default; tests may pass their own). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** An answer from DHL read completely: status, headers and the body as text. */
export interface DhlAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * Sends one request and reads the whole answer within `timeoutMs` (AbortSignal.timeout covers
 * the body too, so a slow body is a timeout as well). A timeout or network error becomes
 * `DhlUnavailableError` with `outcomeUnknown` as given: true when the request asked DHL to change
 * something.
 */
export async function sendToDhl(
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
  { timeoutMs, outcomeUnknown }: { timeoutMs: number; outcomeUnknown: boolean },
): Promise<DhlAnswer> {
  try {
    const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } catch (error) {
    // By name, not instanceof: the abort reason is a DOMException, which need not share this realm's Error.
    const { name, message } = error as { name?: unknown; message?: unknown };
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    throw new DhlUnavailableError(
      timedOut ? `DHL did not answer within ${timeoutMs} ms` : `DHL could not be reached: ${String(message ?? error)}`,
      null,
      outcomeUnknown,
      { cause: error },
    );
  }
}

/** The body as JSON, or undefined when it is not JSON. */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * `Retry-After` (RFC 9110 §10.2.3: delay in seconds or an HTTP date) in milliseconds from `nowMs`,
 * or null when absent or unreadable.
 */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/** `DhlRateLimitedError` for a 429 answer. */
export function rateLimited(answer: DhlAnswer, nowMs: number, what: string): DhlRateLimitedError {
  const after = retryAfterMs(answer.headers.get('retry-after'), nowMs);
  return new DhlRateLimitedError(`DHL refused ${what}: too many requests${after === null ? '' : ` (retry after ${after} ms)`}`, after);
}
