import { webcrypto } from 'node:crypto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonAnswer, mockApi, recordToasts, renderScreen, challengeRequiredBody, solvedCounter } from '@shop/test-dom';
import { testProduct } from '@shop/test-fixtures';
import { testCart, testLine } from '../../test-support/test-cart';
import { CartPage } from './cart-page';

// jsdom has no SubtleCrypto: the solver gets the one a browser has (WebCrypto, as Node implements it).
Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });

const blueberry = testProduct('a'.repeat(24), { name: 'RandM Tornado 9000 Blueberry Ice' });
const toasts = recordToasts();

/** Taking an embedded frame's local cart over into the server cart (cart page, `?uebernehmen=`). */
describe('take-over of a local cart', () => {
  test('behind a used-up per-IP backstop the promo code is sent again with the solved proof-of-work', async () => {
    const api = mockApi()
      .on('GET', '/api/products', jsonAnswer(200, { products: [], total: 0, limit: 8, offset: 0 }))
      .on('GET', '/api/cart', jsonAnswer(200, testCart([testLine(blueberry, 1)])))
      .on('POST', '/api/cart', jsonAnswer(200, testCart([testLine(blueberry, 1)])))
      .once('POST', '/api/cart/promo', jsonAnswer(429, await challengeRequiredBody()))
      .on('POST', '/api/cart/promo', jsonAnswer(200, testCart([testLine(blueberry, 1)])));
    renderScreen(<CartPage />, { path: `/warenkorb?uebernehmen=${blueberry.id}:1&gutschein=WILLKOMMEN10` });

    fireEvent.click(await screen.findByRole('button', { name: 'Übernehmen' }));

    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: 'Warenkorb übernommen', variant: 'success' })]));
    const promos = api.requests('POST', '/api/cart/promo');
    expect(promos.map((request) => solvedCounter(request.headers))).toEqual([undefined, 20]);
    expect(promos[1]!.body).toEqual({ code: 'WILLKOMMEN10' });
  });
});
