import type { ErrorCode } from '@shop/contracts';

/** A fetch answer with a JSON body, as @shop/api-client reads it (status, content type, text). */
export function jsonAnswer(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => JSON.stringify(body),
    json: async () => body,
  } as Response;
}

/** An error answer in the services' ErrorResponse shape (`{ message, code }`). */
export const errorAnswer = (status: number, code: ErrorCode, message = 'Fehler'): Response => jsonAnswer(status, { message, code });

/** One request the screen made: method, path with query string, parsed JSON body (or null), its headers (lower-case names). */
export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = Response | ((request: RecordedRequest) => Response);

/**
 * The API as a component test sees it: `globalThis.fetch` replaced by a table of answers keyed by
 * 'METHOD /path' (the query string is ignored for matching, kept in `requests`). An answer set
 * with `on` is given to every matching request until replaced; `once` answers queue before it.
 * A request without an answer rejects with an error naming it, so a screen that calls something
 * unexpected shows its error state and the test fails on what it expected to see.
 */
export function mockApi() {
  const standing = new Map<string, Answer>();
  const queued = new Map<string, Answer[]>();
  const requests: RecordedRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    const headers = Object.fromEntries([...new Headers(init?.headers).entries()]);
    const request = { method, path: url.pathname + url.search, body, headers };
    requests.push(request);
    const key = `${method} ${url.pathname}`;
    const answer = queued.get(key)?.shift() ?? standing.get(key);
    if (!answer) throw new Error(`mockApi: no answer for ${key}`);
    return typeof answer === 'function' ? answer(request) : answer;
  });
  globalThis.fetch = fetchMock as typeof fetch;
  const api = {
    /** Answers every `method path` request with this (a Response or a function of the request). */
    on(method: string, path: string, answer: Answer) {
      standing.set(`${method} ${path}`, answer);
      return api;
    },
    /** Answers the next `method path` request with this, before any standing answer. */
    once(method: string, path: string, answer: Answer) {
      const key = `${method} ${path}`;
      queued.set(key, [...(queued.get(key) ?? []), answer]);
      return api;
    },
    /** The requests made so far, optionally only those of one method and path. */
    requests(method?: string, path?: string): RecordedRequest[] {
      return requests.filter((request) => (!method || request.method === method) && (!path || request.path.split('?')[0] === path));
    },
    fetch: fetchMock,
  };
  return api;
}
export type MockApi = ReturnType<typeof mockApi>;
