import {
  ApiError,
  apiRequest,
  errorText,
  failureOf,
  hasCode,
  isInvalid,
  isNotFound,
  isRefusal,
  isUnauthenticated,
  isUnknownAddress,
} from './index';

/** The error apiRequest throws for `response` (the real parsing path, not a hand-made ApiError). */
async function thrownBy(response: Response): Promise<unknown> {
  const fetchImpl = (async () => response) as unknown as typeof fetch;
  return apiRequest('GET', '/api/x', undefined, { fetchImpl }).then(
    () => {
      throw new Error('the call did not fail');
    },
    (error: unknown) => error,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const FALLBACK = 'Bitte versuchen Sie es später erneut.';

describe('failureOf: one reading of every failed call (spec §8)', () => {
  test('a service refusal carries its code, its German sentence and its fields', async () => {
    const error = await thrownBy(
      json(400, {
        message: 'Bitte prüfen Sie Ihre Eingabe.',
        code: 'VALIDATION_ERROR',
        issues: [{ path: 'body/email', message: 'Ungültige E-Mail-Adresse', rule: 'invalid_format' }],
      }),
    );
    expect(failureOf(error)).toEqual({
      kind: 'refused',
      code: 'VALIDATION_ERROR',
      message: 'Bitte prüfen Sie Ihre Eingabe.',
      issues: [{ path: 'body/email', message: 'Ungültige E-Mail-Adresse', rule: 'invalid_format' }],
    });
    expect(isInvalid(error)).toBe(true);
    expect(isRefusal(error)).toBe(true);
  });

  test('a 5xx is unavailable, even when its body carries a sentence', async () => {
    const error = await thrownBy(json(503, { message: 'Der Dienst ist gerade nicht erreichbar.', code: 'UPSTREAM_UNAVAILABLE' }));
    expect(failureOf(error)).toMatchObject({ kind: 'unavailable', code: 'UPSTREAM_UNAVAILABLE' });
    expect(isRefusal(error)).toBe(false);
  });

  test("a proxy's HTML page has neither code nor sentence", async () => {
    const error = await thrownBy(new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(failureOf(error)).toEqual({ kind: 'unavailable', code: null, message: null, issues: [] });
    const refusedPage = await thrownBy(new Response('<html>Forbidden</html>', { status: 403, headers: { 'content-type': 'text/html' } }));
    expect(failureOf(refusedPage)).toEqual({ kind: 'refused', code: null, message: null, issues: [] });
  });

  test('no answer at all (fetch rejects, an abort) is offline', () => {
    expect(failureOf(new TypeError('Failed to fetch'))).toMatchObject({ kind: 'offline', code: null });
    expect(failureOf(new DOMException('aborted', 'AbortError'))).toMatchObject({ kind: 'offline' });
    expect(isRefusal(new TypeError('Failed to fetch'))).toBe(false);
  });

  test('a code this build does not know counts as none', async () => {
    const error = await thrownBy(json(409, { message: 'Etwas Neues.', code: 'SOMETHING_NEWER' }));
    expect(failureOf(error)).toMatchObject({ kind: 'refused', code: null, message: 'Etwas Neues.' });
  });
});

describe('branching on codes, never on statuses', () => {
  test('hasCode and its named forms read the code', async () => {
    const missing = await thrownBy(json(404, { message: 'Nicht gefunden.', code: 'NOT_FOUND' }));
    const libraryMissing = await thrownBy(json(404, { message: 'Nicht gefunden.', code: 'HTTP_404' }));
    const signedOut = await thrownBy(json(401, { message: 'Bitte melden Sie sich an.', code: 'UNAUTHENTICATED' }));
    const wrongPassword = await thrownBy(json(401, { message: 'Ungültige Anmeldedaten', code: 'INVALID_CREDENTIALS' }));
    expect([isNotFound(missing), isNotFound(libraryMissing), isNotFound(signedOut)]).toEqual([true, true, false]);
    expect([isUnauthenticated(signedOut), isUnauthenticated(wrongPassword)]).toEqual([true, false]);
    expect(hasCode(wrongPassword, 'ACCOUNT_BLOCKED', 'INVALID_CREDENTIALS')).toBe(true);
    expect(hasCode(new Error('x'), 'NOT_FOUND')).toBe(false);
    const badSlug = await thrownBy(json(400, { message: 'Bitte prüfen Sie Ihre Eingabe.', code: 'VALIDATION_ERROR' }));
    const badEscape = await thrownBy(json(400, { message: 'Ungültige Adresse.', code: 'BAD_URL' }));
    expect([isUnknownAddress(missing), isUnknownAddress(badSlug), isUnknownAddress(badEscape), isUnknownAddress(signedOut)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  test('a 404 without a code is not taken for a missing record', async () => {
    const error = await thrownBy(new Response('Not Found', { status: 404 }));
    expect(isNotFound(error)).toBe(false);
    expect(error).toBeInstanceOf(ApiError);
  });
});

describe('errorText: the one German text to show', () => {
  test("a refusal shows the service's sentence", async () => {
    const error = await thrownBy(json(409, { message: 'Nur noch 3 Stück verfügbar.', code: 'OUT_OF_STOCK' }));
    expect(errorText(error, FALLBACK)).toBe('Nur noch 3 Stück verfügbar.');
  });

  test("the slice's own wording of a code wins over the sentence", async () => {
    const error = await thrownBy(json(429, { message: 'Too many', code: 'RATE_LIMITED' }));
    expect(errorText(error, FALLBACK, { RATE_LIMITED: 'Zu viele Anfragen. Bitte warten Sie einen Moment.' })).toBe(
      'Zu viele Anfragen. Bitte warten Sie einen Moment.',
    );
  });

  test("a refusal without a sentence shows its first field's message, else the fallback", async () => {
    const field = await thrownBy(json(400, { code: 'VALIDATION_ERROR', issues: [{ path: 'body/name', message: 'Name fehlt' }] }));
    expect(errorText(field, FALLBACK)).toBe('Name fehlt');
    const bare = await thrownBy(new Response('<html>Forbidden</html>', { status: 403, headers: { 'content-type': 'text/html' } }));
    expect(errorText(bare, FALLBACK)).toBe(FALLBACK);
  });

  test('an unavailable service or no answer shows the fallback, never the server text', async () => {
    const error = await thrownBy(json(500, { message: 'TypeError: x is undefined', code: 'INTERNAL_ERROR' }));
    expect(errorText(error, FALLBACK)).toBe(FALLBACK);
    expect(errorText(new TypeError('Failed to fetch'), FALLBACK)).toBe(FALLBACK);
  });
});
