import { webcrypto } from 'node:crypto';
import { jsonAnswer, mockApi, challengeRequiredBody, solvedCounter } from '@shop/test-dom';
import { cartActions } from '../api/cart-actions';
import { useCartUiStore } from '../stores/cart-ui-store';
import { readLocalCart } from './local-cart';

// jsdom has no SubtleCrypto: the solver gets the one a browser has (WebCrypto, as Node implements it).
Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });

/** The proof-of-work of a used-up per-IP backstop, solved for the local cart of an embedded frame (spec §4). */
describe('local cart behind a used-up per-IP backstop', () => {
  test('the promo check is sent again with the solved proof-of-work and the code is stored', async () => {
    localStorage.clear();
    useCartUiStore.setState({ mode: 'local' });
    const api = mockApi()
      .once('POST', '/api/promo/validate', jsonAnswer(429, await challengeRequiredBody()))
      .on('POST', '/api/promo/validate', jsonAnswer(200, { code: 'WILLKOMMEN10', discount: 10, type: 'percentage' }));

    expect(await cartActions.applyPromo('willkommen10')).toBe(true);
    expect(api.requests('POST', '/api/promo/validate').map((request) => solvedCounter(request.headers))).toEqual([undefined, 20]);
    expect(readLocalCart().promo).toEqual(expect.objectContaining({ code: 'WILLKOMMEN10' }));
  });
});
