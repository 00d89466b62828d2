import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ApiError } from '@shop/api-client';
import { CHALLENGE_SOLUTION_HEADER } from '@shop/contracts';
import { jsonAnswer, mockApi } from '@shop/test-dom';
import { withdrawalApi } from './withdrawal-api';

const declaration = { name: 'Erika Mustermann', orderNumber: 'RT-2026-K7M2QX9P', email: 'erika@example.de', items: '' };
const receipt = { ...declaration, withdrawalId: 'w1', receivedAt: '2026-11-29T10:00:00.000Z' };

/** A challenge as the cart service makes it, at a low cost so the test solves it at once. */
const lowCostChallenge = () =>
  createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 10,
    counter: 15,
    deriveKey,
    data: { scope: 'withdrawal', expires: Date.now() + 300_000 },
    hmacSignatureSecret: 'test-challenge-secret-0123456789-abcdef',
    hmacKeySignatureSecret: 'test-challenge-key-secret-0123456789-ab',
  });

/** The withdrawal's declaration behind a used-up per-IP backstop of the cart service. */
describe('withdrawalApi.declare', () => {
  test('a CHALLENGE_REQUIRED answer is solved and the declaration sent again with the solution', async () => {
    const challenge = await lowCostChallenge();
    const api = mockApi()
      .once('POST', '/api/withdrawals', jsonAnswer(429, { code: 'CHALLENGE_REQUIRED', message: 'Kurze Prüfung nötig.', challenge }))
      .on('POST', '/api/withdrawals', jsonAnswer(201, receipt));
    const solving: boolean[] = [];
    await expect(withdrawalApi.declare(declaration, (state) => solving.push(state))).resolves.toEqual(receipt);
    expect(solving).toEqual([true, false]);
    const [first, second] = api.requests('POST', '/api/withdrawals');
    expect(first!.headers[CHALLENGE_SOLUTION_HEADER]).toBeUndefined();
    expect(second!.body).toEqual(declaration);
    const payload = JSON.parse(atob(second!.headers[CHALLENGE_SOLUTION_HEADER]!)) as { challenge: unknown; solution: { counter: number } };
    expect(payload).toMatchObject({ challenge, solution: { counter: 15 } });
  });

  test('any other refusal, and a refusal without a challenge, is thrown as it came and not sent again', async () => {
    for (const body of [
      { code: 'WITHDRAWAL_ATTEMPTS_EXCEEDED', message: 'Zu viele Widerrufe mit unbekannter Bestellnummer.' },
      { code: 'CHALLENGE_REQUIRED', message: 'Kurze Prüfung nötig.' },
    ]) {
      const api = mockApi().on('POST', '/api/withdrawals', jsonAnswer(429, body));
      await expect(withdrawalApi.declare(declaration)).rejects.toEqual(expect.any(ApiError));
      expect(api.requests('POST', '/api/withdrawals')).toHaveLength(1);
    }
  });
});
