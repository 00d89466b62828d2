import { createRef } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DELIVERY_PROMISE } from '@shop/contracts';
import { jsonAnswer, mockApi, renderScreen } from '@shop/test-dom';
import { testProduct } from '@shop/test-fixtures';
import { cartActions } from '../../api/cart-actions';
import { testCart, testLine } from '../../test-support/test-cart';
import { SideCart } from './side-cart';

const product = testProduct('p1', { name: 'RandM Tornado 9000 Blueberry Ice' });
const cart = testCart([testLine(product, 1)]);

// jsdom has no modal dialogs: opening and closing set the `open` attribute, which is all this test reads.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => {
  mockApi().on('GET', '/api/cart', jsonAnswer(200, cart));
});
afterEach(() => act(() => cartActions.closeDrawer()));

/** The side cart (spec §2): the shop's one delivery promise, and 'Jetzt bestellen' to the checkout's one address. */
describe('SideCart', () => {
  test('names the delivery promise counted from the payment and leads to /kasse', async () => {
    renderScreen(<SideCart fallbackFocus={createRef<HTMLElement>()} />, { path: '/' });
    await act(async () => {
      await cartActions.load();
      cartActions.openDrawer();
    });
    expect(await screen.findByText(`${DELIVERY_PROMISE}. Altersprüfung bei Zustellung.`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt bestellen' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/kasse'));
  });
});
