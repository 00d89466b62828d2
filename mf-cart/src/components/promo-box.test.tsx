import { webcrypto } from 'node:crypto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CHALLENGE_SOLUTION_HEADER, type CartResponse } from '@shop/contracts';
import { jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { PromoBox } from './promo-box';

/** An empty cart as the service answers it. */
const emptyCart: CartResponse = {
  items: [],
  totals: {
    itemCount: 0,
    subtotal: '0.00',
    savings: '0.00',
    promoDiscount: '0.00',
    shipping: '0.00',
    total: '0.00',
    vatIncluded: '0.00',
    freeShippingRemainingItems: 4,
  },
  promo: null,
  notices: [],
};

// jsdom has no SubtleCrypto: the solver gets the one a browser has (WebCrypto, as Node implements it).
Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });

/** A challenge as the cart service makes it; `counter` tries of `cost` iterations solve it. */
const serviceChallenge = (cost: number, counter: number) =>
  createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost,
    counter,
    deriveKey,
    data: { scope: 'promo', expires: Date.now() + 300_000 },
    hmacSignatureSecret: 'test-challenge-secret-0123456789-abcdef',
    hmacKeySignatureSecret: 'test-challenge-key-secret-0123456789-ab',
  });

const toasts = recordToasts();
let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

/** The promo code box behind a used-up per-IP backstop of the cart service. */
describe('PromoBox', () => {
  test('a CHALLENGE_REQUIRED answer is solved in the browser and the code sent again with the solution', async () => {
    // At a low cost, so the test solves it at once.
    const challenge = await serviceChallenge(10, 20);
    api.once('POST', '/api/cart/promo', jsonAnswer(429, { code: 'CHALLENGE_REQUIRED', message: 'Kurze Prüfung nötig.', challenge }));
    api.on('POST', '/api/cart/promo', jsonAnswer(200, { ...emptyCart, promo: { code: 'WILLKOMMEN10', type: 'percentage', percent: 10 } }));
    renderScreen(<PromoBox cart={emptyCart} />, { path: '/warenkorb' });
    fireEvent.change(screen.getByLabelText('Gutscheincode'), { target: { value: 'willkommen10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einlösen' }));

    await waitFor(() => expect(api.requests('POST', '/api/cart/promo')).toHaveLength(2));
    const [first, second] = api.requests('POST', '/api/cart/promo');
    expect(first!.headers[CHALLENGE_SOLUTION_HEADER]).toBeUndefined();
    expect(second!.body).toEqual({ code: 'WILLKOMMEN10' });
    const payload = JSON.parse(atob(second!.headers[CHALLENGE_SOLUTION_HEADER]!)) as {
      challenge: typeof challenge;
      solution: { counter: number; derivedKey: string };
    };
    expect(payload.challenge).toEqual(challenge);
    expect(payload.solution.counter).toBe(20);
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: 'Gutscheincode angewendet!', variant: 'success' })]));
  });

  test("while the browser works, the field says 'Einen Moment, wir prüfen Ihre Anfrage …'", async () => {
    // The service's own cost: long enough to see the state.
    const challenge = await serviceChallenge(1000, 400);
    api.once('POST', '/api/cart/promo', jsonAnswer(429, { code: 'CHALLENGE_REQUIRED', message: 'Kurze Prüfung nötig.', challenge }));
    api.on('POST', '/api/cart/promo', jsonAnswer(200, emptyCart));
    renderScreen(<PromoBox cart={emptyCart} />, { path: '/warenkorb' });
    fireEvent.change(screen.getByLabelText('Gutscheincode'), { target: { value: 'SPAR5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Einen Moment, wir prüfen Ihre Anfrage …');
    await waitFor(() => expect(api.requests('POST', '/api/cart/promo')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
