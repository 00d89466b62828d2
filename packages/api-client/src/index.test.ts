import { ApiError, apiGet, apiRequest, parseErrorBody, pathFromKey } from './index';

/** A fetch double that records the request and answers with the given response. */
function fakeFetch(response: Response | (() => Promise<Response>)) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return typeof response === 'function' ? response() : response;
  }) as unknown as typeof fetch;
  return { impl, calls };
}

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

describe('apiRequest (spec §7 and §8)', () => {
  test('always sends cookies', async () => {
    const { impl, calls } = fakeFetch(json(200, { ok: true }));
    await apiRequest('GET', '/api/cart', undefined, { fetchImpl: impl });
    expect(calls[0]!.init.credentials).toBe('include');
  });

  test('sends a JSON payload with a JSON content type', async () => {
    const { impl, calls } = fakeFetch(json(200, {}));
    await apiRequest('POST', '/api/cart', { productId: 'p1', quantity: 2 }, { fetchImpl: impl });
    expect(calls[0]!.init.body).toBe('{"productId":"p1","quantity":2}');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  test('sends form data unchanged and lets the browser set the content type', async () => {
    const { impl, calls } = fakeFetch(json(200, {}));
    const form = new FormData();
    form.append('file', 'x');
    await apiRequest('POST', '/api/admin/media', form, { fetchImpl: impl });
    expect(calls[0]!.init.body).toBe(form);
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  test('sends a file as the body under its own content type', async () => {
    const { impl, calls } = fakeFetch(json(200, {}));
    const file = new Blob(['Artikelnummer;Bestand\r\n'], { type: 'text/csv' });
    await apiRequest('POST', '/api/admin/products/import/dry-run', file, { fetchImpl: impl });
    expect(calls[0]!.init.body).toBe(file);
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
  });

  test('error message uses the JSON message field first', async () => {
    const { impl } = fakeFetch(json(400, { message: 'Menge ungültig', error: 'Bad Request' }));
    await expect(apiRequest('PATCH', '/api/cart/1', { quantity: 0 }, { fetchImpl: impl })).rejects.toThrow(
      new Error('400: Menge ungültig'),
    );
  });

  test('then the JSON error field', async () => {
    const { impl } = fakeFetch(json(409, { error: 'Ausverkauft' }));
    await expect(apiRequest('POST', '/api/cart', {}, { fetchImpl: impl })).rejects.toThrow('409: Ausverkauft');
  });

  test('then the whole JSON text', async () => {
    const { impl } = fakeFetch(json(422, { detail: 'x' }));
    await expect(apiRequest('POST', '/api/cart', {}, { fetchImpl: impl })).rejects.toThrow('422: {"detail":"x"}');
  });

  test('for other content types the response text', async () => {
    const { impl } = fakeFetch(new Response('Bad Gateway from proxy', { status: 502, headers: { 'content-type': 'text/plain' } }));
    await expect(apiGet(['/api/products'], { fetchImpl: impl })).rejects.toThrow('502: Bad Gateway from proxy');
  });

  test('the status text when reading the body fails', async () => {
    const broken = new Response(null, { status: 500, statusText: 'Internal Server Error' });
    Object.defineProperty(broken, 'text', { value: () => Promise.reject(new Error('stream broken')) });
    const { impl } = fakeFetch(broken);
    await expect(apiGet(['/api/products'], { fetchImpl: impl })).rejects.toThrow('500: Internal Server Error');
  });

  test('a 401 throws by default and carries the status', async () => {
    const { impl } = fakeFetch(json(401, { message: 'Nicht authentifiziert' }));
    const error = await apiGet(['/api/auth/me'], { fetchImpl: impl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('401: Nicht authentifiziert');
  });

  test("an error's code is one of the contract's codes, or null for one this build does not know", async () => {
    const { impl } = fakeFetch(json(409, { message: 'Die Bestellung wurde inzwischen geändert.', code: 'STALE_VERSION' }));
    const error = (await apiRequest('POST', '/api/cart', {}, { fetchImpl: impl }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('STALE_VERSION');
    expect(parseErrorBody({ message: 'x', code: 'A_NEWER_SERVICES_CODE' }).code).toBeNull();
    expect(parseErrorBody({ message: 'x', code: 'toString' }).code).toBeNull();
    expect(parseErrorBody({ message: 'x', code: 42 }).code).toBeNull();
  });

  test('a 401 gives null when asked to (session fetch)', async () => {
    const response = json(401, { message: 'Nicht authentifiziert' });
    const { impl } = fakeFetch(response);
    await expect(apiGet(['/api/auth/me'], { fetchImpl: impl, on401: 'returnNull' })).resolves.toBeNull();
    // The body was read to its end: an unread one keeps the request (and 'network idle') open.
    expect(response.bodyUsed).toBe(true);
  });

  test('an empty body gives null', async () => {
    const { impl } = fakeFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('DELETE', '/api/cart', undefined, { fetchImpl: impl })).resolves.toBeNull();
  });

  test('an unparseable body is logged and gives null', async () => {
    const { impl } = fakeFetch(new Response('{not json', { status: 200, headers: { 'content-type': 'application/json' } }));
    const logger = jest.fn();
    await expect(apiGet(['/api/products'], { fetchImpl: impl, logger })).resolves.toBeNull();
    expect(logger).toHaveBeenCalledWith(expect.stringContaining('GET /api/products'), expect.any(SyntaxError));
  });

  test('parses a JSON body', async () => {
    const { impl } = fakeFetch(json(200, { products: [{ id: 'p1' }] }));
    await expect(apiGet(['/api/products'], { fetchImpl: impl })).resolves.toEqual({ products: [{ id: 'p1' }] });
  });

  test('the default read builds its path from key segments', async () => {
    const { impl, calls } = fakeFetch(json(200, {}));
    await apiGet(['/api/products', 'slug', 'randm-tornado-9000'], { fetchImpl: impl });
    expect(calls[0]!.url).toBe('/api/products/slug/randm-tornado-9000');
    expect(calls[0]!.init.method).toBe('GET');
    expect(pathFromKey(['/api/products', 42])).toBe('/api/products/42');
  });
});
