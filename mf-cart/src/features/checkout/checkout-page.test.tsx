import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CheckoutFormState } from '@shop/contracts/checkout';
import { jsonAnswer, mockApi, renderScreen, type MockApi } from '@shop/test-dom';
import { DEMO_ADDRESS, testProduct } from '@shop/test-fixtures';
import { cartKeys } from '../../api/cart-queries';
import { checkoutFormKey } from '../../api/checkout-form-api';
import { testCart, testLine } from '../../test-support/test-cart';
import { CheckoutPage } from './checkout-page';

const cart = testCart([testLine(testProduct('p1', { name: 'RandM Tornado 9000 Mango' }), 1)]);
const { country: _country, ...address } = DEMO_ADDRESS;
const EMPTY_ADDRESS = { firstName: '', lastName: '', street: '', addressLine2: '', postalCode: '', city: '' };
const state = (overrides: Partial<CheckoutFormState>): CheckoutFormState => ({
  step: 'contact',
  values: { email: '', billing: EMPTY_ADDRESS, shippingSameAsBilling: true, shipping: EMPTY_ADDRESS },
  errors: {},
  birthDate: null,
  ageCheckedAt: null,
  orderKey: null,
  started: true,
  ...overrides,
});
/** The page's data as the server render reads it as the visitor: the cart and the checkout its forms reached. */
const serverData = (checkout: CheckoutFormState) => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(cartKeys.cart, cart);
  queryClient.setQueryData(checkoutFormKey, { state: checkout });
  return queryClient;
};

let api: MockApi;
beforeEach(() => {
  api = mockApi().on('GET', '/api/cart', jsonAnswer(200, cart));
});

/** The checkout as the server renders it for a browser without JavaScript (forms first). */
describe('CheckoutPage, server-answered steps', () => {
  test("the server's HTML has the cart and the open step as a real form, with what was typed and the German errors", () => {
    const html = renderToString(
      <QueryClientProvider
        client={serverData(
          state({
            step: 'address',
            values: {
              email: 'erika@example.de',
              billing: { ...address, street: 'Packstation 123' },
              shippingSameAsBilling: true,
              shipping: EMPTY_ADDRESS,
            },
            errors: { 'billing.street': 'Keine Lieferung an Packstationen.' },
          }),
        )}
      >
        <MemoryRouter initialEntries={['/kasse']}>
          <CheckoutPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // Read as the browser reads the server's HTML.
    const page = document.createElement('div');
    page.innerHTML = html;
    const form = page.querySelector('form.cart-checkout-layout')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/checkout/form');
    expect(page).toHaveTextContent('RandM Tornado 9000 Mango');
    expect(form.querySelector('input[name="billing.street"]')).toHaveAttribute('value', 'Packstation 123');
    expect(form.querySelector('input[name="billing.city"]')).toHaveAttribute('value', 'Köln');
    expect(form).toHaveTextContent('Keine Lieferung an Packstationen.');
    expect(form.querySelector('input[name="shippingSameAsBilling"]')).toHaveAttribute('checked');
    const next = form.querySelector('button[name="schritt"]')!;
    expect(next).toHaveAttribute('type', 'submit');
    expect(next).toHaveAttribute('value', 'address');
    expect(next).toHaveTextContent('Weiter');
    // 'Ändern' of the finished contact step belongs to a form of its own, so Enter in a field never reopens it.
    const edit = page.querySelector('button[name="aendern"]')!;
    expect(edit).toHaveAttribute('value', 'contact');
    expect(edit).toHaveAttribute('form', 'cart-checkout-edit');
    expect(page.querySelector('form#cart-checkout-edit')).toHaveAttribute('action', '/api/checkout/form');
  });

  test('a refused age check comes back with the birth date as typed and empty ID card lines', () => {
    const page = document.createElement('div');
    page.innerHTML = renderToString(
      <QueryClientProvider
        client={serverData(
          state({
            step: 'age',
            values: { ...state({}).values, email: 'erika@example.de', billing: address },
            errors: { form: 'Die Ausweisdaten sind ungültig.' },
            birthDate: '1990-01-01',
          }),
        )}
      >
        <MemoryRouter initialEntries={['/kasse']}>
          <CheckoutPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const form = page.querySelector('form.cart-checkout-layout')!;
    expect(form).toHaveTextContent('Die Ausweisdaten sind ungültig.');
    expect(form.querySelector('input[name="birthDate"]')).toHaveAttribute('value', '1990-01-01');
    for (const line of ['mrz1', 'mrz2', 'mrz3']) {
      expect(form.querySelector(`[name="${line}"]`)).not.toBeNull();
      expect(form.querySelector(`[name="${line}"]`)!.getAttribute('value') ?? '').toBe('');
    }
  });

  test('without JavaScript a separate delivery address needs no round trip: its fields are in the HTML, not required', async () => {
    const addressStep = serverData(
      state({ step: 'address', values: { ...state({}).values, email: 'erika@example.de', billing: address } }),
    );
    const page = document.createElement('div');
    page.innerHTML = renderToString(
      <QueryClientProvider client={addressStep}>
        <MemoryRouter initialEntries={['/kasse']}>
          <CheckoutPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const form = page.querySelector('form.cart-checkout-layout')!;
    expect(form.querySelector('input[name="shippingSameAsBilling"]')).toHaveAttribute('checked');
    const delivery = form.querySelector('details')!;
    expect(delivery.querySelector('summary')).toHaveTextContent('Abweichende Lieferadresse');
    for (const field of ['firstName', 'lastName', 'street', 'addressLine2', 'postalCode', 'city']) {
      const input = delivery.querySelector(`input[name="shipping.${field}"]`);
      expect(input).not.toBeNull();
      expect(input).not.toHaveAttribute('required');
    }
    // Hydrated, the delivery fields show only with the box unticked.
    renderScreen(
      <QueryClientProvider client={addressStep}>
        <CheckoutPage />
      </QueryClientProvider>,
      { path: '/kasse' },
    );
    await screen.findByRole('checkbox', { name: 'Lieferung an die Rechnungsadresse' });
    expect(document.querySelector('input[name="shipping.street"]')).toBeNull();
  });

  test("the review carries its idempotency key, the total and the check at the door it shows to 'Zahlungspflichtig bestellen'", async () => {
    api.on('GET', '/api/checkout/delivery', jsonAnswer(200, { ageCheck: 'visualCheckOfAge' }));
    const orderKey = '0b9a3c1e-2f4d-4c6b-8a7e-5d3f2e1c0b9a';
    const { container } = renderScreen(
      <QueryClientProvider client={serverData(state({ step: 'review', orderKey, ageCheckedAt: '2026-11-27T09:00:00.000Z' }))}>
        <CheckoutPage />
      </QueryClientProvider>,
      { path: '/kasse' },
    );
    const order = await screen.findByRole('button', { name: 'Zahlungspflichtig bestellen' });
    expect(order).toHaveAttribute('type', 'submit');
    expect(order).toHaveAttribute('value', 'review');
    const form = container.querySelector<HTMLFormElement>('form.cart-checkout-layout')!;
    await screen.findByText(/Lieferung: DHL Paket mit Alterssichtprüfung 18\+/);
    expect(Object.fromEntries(new FormData(form))).toMatchObject({
      orderKey,
      expectedTotal: cart.totals.total,
      expectedAgeCheck: 'visualCheckOfAge',
    });
    // The checkout went on through the server: the order is its form's, not sent from the page.
    expect(api.requests('POST', '/api/orders')).toHaveLength(0);
  });
});
