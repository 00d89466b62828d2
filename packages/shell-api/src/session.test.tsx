import { customer as user, jsonAnswer as answer } from '@shop/test-dom';
import { apiRequest } from '@shop/api-client';
import { shopQueryClient } from './query-client';
import { clearSession, endSessionOn, loadSession, sessionState, setSessionUser } from './session';

describe('session store (spec §4, §8)', () => {
  let fetchMock: jest.Mock;
  let changes: Array<{ authenticated: boolean }>;
  const onChange = (event: Event) => changes.push((event as CustomEvent).detail);
  beforeEach(() => {
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock;
    changes = [];
    window.addEventListener('auth:changed', onChange);
  });
  afterEach(() => window.removeEventListener('auth:changed', onChange));

  test('no retry on 401; the answer stays fresh for 5 minutes', async () => {
    fetchMock.mockResolvedValue(answer(401, { message: 'Nicht authentifiziert' }));
    await expect(loadSession(true)).resolves.toBeNull();
    await expect(loadSession()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('other failures are retried up to 2 times', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(503, { message: 'weg' }))
      .mockResolvedValueOnce(answer(503, { message: 'weg' }))
      .mockResolvedValueOnce(answer(200, user));
    await expect(loadSession(true)).resolves.toEqual(user);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  test('login and logout are announced, so other slices drop the previous user’s data', async () => {
    fetchMock.mockResolvedValue(answer(401, { message: 'Nicht authentifiziert' }));
    await loadSession(true); // start logged out (the store is one per page, shared by the tests)
    changes.length = 0;
    setSessionUser(user);
    clearSession();
    expect(changes).toEqual([{ authenticated: true }, { authenticated: false }]);
  });

  test('how a session ended is kept until the next login: the shopper’s own logout or an expiry', () => {
    setSessionUser(user);
    clearSession('signed-out');
    expect(sessionState().ended).toBe('signed-out');
    setSessionUser(user);
    expect(sessionState().ended).toBeNull();
    clearSession();
    expect(sessionState().ended).toBe('expired');
    clearSession('signed-out'); // nobody was logged in any more: nothing ended now
    expect(sessionState().ended).toBe('expired');
  });

  test('an answer that the session ended, from any read or change of the page, ends it here (the one 401 handler)', async () => {
    const ended = { message: 'Bitte melden Sie sich an.', code: 'UNAUTHENTICATED' };
    setSessionUser(user);
    fetchMock.mockResolvedValue(answer(401, ended));
    await expect(
      shopQueryClient.fetchQuery({ queryKey: ['account', 'orders'], queryFn: () => apiRequest('GET', '/api/orders'), retry: false }),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(sessionState()).toMatchObject({ status: 'anonymous', ended: 'expired' });

    setSessionUser(user);
    const mutation = shopQueryClient
      .getMutationCache()
      .build(shopQueryClient, { mutationFn: () => apiRequest('PATCH', '/api/profile', {}) });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(sessionState().status).toBe('anonymous');
  });

  test('other refusals leave the session alone; endSessionOn says which it handled', async () => {
    setSessionUser(user);
    fetchMock.mockResolvedValue(answer(401, { message: 'Ungültige Anmeldedaten', code: 'INVALID_CREDENTIALS' }));
    await expect(
      shopQueryClient.fetchQuery({ queryKey: ['account', 'x'], queryFn: () => apiRequest('GET', '/api/x'), retry: false }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(sessionState().status).toBe('authenticated');
    expect(endSessionOn(new TypeError('Failed to fetch'))).toBe(false);
    expect(sessionState().status).toBe('authenticated');
  });
});
