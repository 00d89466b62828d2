import { customer as user, jsonAnswer as answer } from '@shop/test-dom';
import { clearSession, loadSession, sessionState, setSessionUser } from './session';

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
});
