import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CartResponse, DeliveryOptions } from '@shop/contracts';
import type { CheckoutFormState } from '@shop/contracts/checkout';
import { errorAnswer, jsonAnswer, mockApi, renderScreen, type MockApi } from '@shop/test-dom';
import { DEMO_ADDRESS, testCodOrder, testProduct } from '@shop/test-fixtures';
import { cartKeys, cartQueries } from '../../api/cart-queries';
import { checkoutFormKey } from '../../api/checkout-form-api';
import { testCart, testLine } from '../../test-support/test-cart';
import { CheckoutPage } from './checkout-page';

const mango = testProduct('p1', { name: 'RandM Tornado 9000 Mango' });
/** One piece: 16,99 € + 4,99 € shipping = 21,98 €. */
const cart = testCart([testLine(mango, 1)]);
const { country: _country, ...address } = DEMO_ADDRESS;
const EMPTY_ADDRESS = { firstName: '', lastName: '', street: '', addressLine2: '', postalCode: '', city: '' };
const state = (overrides: Partial<CheckoutFormState>): CheckoutFormState => ({
  step: 'contact',
  values: { email: '', billing: EMPTY_ADDRESS, shippingSameAsBilling: true, shipping: EMPTY_ADDRESS },
  errors: {},
  birthDate: null,
  ageCheckedAt: null,
  orderKey: null,
  paymentMethod: null,
  started: true,
  ...overrides,
});
/**
 * The page's data as the server render reads it as the visitor: the cart, the checkout its forms
 * reached and, when given, the delivery options (age check, cash-on-delivery offer).
 */
const serverData = (checkout: CheckoutFormState, delivery?: DeliveryOptions, serverCart: CartResponse = cart) => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(cartKeys.cart, serverCart);
  queryClient.setQueryData(checkoutFormKey, { state: checkout });
  if (delivery) queryClient.setQueryData(cartQueries.delivery().queryKey, delivery);
  return queryClient;
};
/** The checkout page in the router at /kasse, reading through `client`. */
const checkoutAt = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <MemoryRouter initialEntries={['/kasse']}>
      <CheckoutPage />
    </MemoryRouter>
  </QueryClientProvider>
);
/** The operator offers cash on delivery for 6,90 € up to DHL's 3.500,00 €. */
const WITH_COD: DeliveryOptions = { ageCheck: 'identCheck', cashOnDelivery: { fee: '6.90', maxTotal: '3500.00' } };

let api: MockApi;
beforeEach(() => {
  api = mockApi().on('GET', '/api/cart', jsonAnswer(200, cart));
  // The tab's saved step and draft (session storage) belong to one test.
  sessionStorage.clear();
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
    api.on('GET', '/api/checkout/delivery', jsonAnswer(200, { ageCheck: 'visualCheckOfAge', cashOnDelivery: null }));
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

/** The payment step's choice and what follows from it: the fee in the review's total and in the order (§ 312a Abs. 4 BGB). */
describe('CheckoutPage, the payment choice', () => {
  const reviewed = {
    ageCheckedAt: '2026-11-27T09:00:00.000Z',
    values: { ...state({}).values, email: 'erika@example.de', billing: address },
  };

  test("the server's HTML offers Vorkasse and Nachnahme with its fee as radios, the kept choice checked; the hydrated page is the same", async () => {
    const data = () => serverData(state({ ...reviewed, step: 'payment', paymentMethod: 'cod' }), WITH_COD);
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(checkoutAt(data()));
    const radios = [...container.querySelectorAll<HTMLInputElement>('form.cart-checkout-layout input[name="paymentMethod"]')];
    expect(radios.map((radio) => [radio.value, radio.hasAttribute('checked'), radio.hasAttribute('disabled')])).toEqual([
      ['prepayment', false, false],
      ['cod', true, false],
    ]);
    expect(container).toHaveTextContent('Nachnahme (Barzahlung bei Zustellung) zzgl. 6,90 € Nachnahmegebühr (DHL)');
    // 21,98 € + 6,90 € fee, paid in cash to the courier.
    expect(container).toHaveTextContent('Sie zahlen 28,88 € bei der Zustellung in bar an den DHL-Zusteller');
    // The choice comes from data the server had (cart, delivery options, kept choice): hydration keeps the HTML.
    const recoverable: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, checkoutAt(data()), { onRecoverableError: (error) => recoverable.push(error) }),
    );
    expect(recoverable).toEqual([]);
    expect(within(container).getByRole('radio', { name: /^Nachnahme/ })).toBeChecked();
    act(() => root.unmount());
    container.remove();
  });

  test('the payment step refused by the server shows why at the choice', () => {
    const refusal =
      'Nachnahme ist bis zu einem Gesamtbetrag von 3.500,00 € (mit Versand und Nachnahmegebühr) möglich. Bitte wählen Sie Vorkasse.';
    const page = document.createElement('div');
    page.innerHTML = renderToString(
      checkoutAt(serverData(state({ ...reviewed, step: 'payment', errors: { paymentMethod: refusal } }), WITH_COD)),
    );
    const fieldset = page.querySelector('input[name="paymentMethod"]')!.closest('fieldset')!;
    expect(fieldset.querySelector('[role="alert"]')).toHaveTextContent(refusal);
  });

  test('above the highest total Nachnahme is shown with its fee but cannot be chosen, and says why', async () => {
    // 210 pieces: 3.567,90 € (free shipping), above the 3.500,00 € Nachnahme is offered up to.
    const large = testCart([testLine(mango, 210)]);
    api.on('GET', '/api/cart', jsonAnswer(200, large));
    renderScreen(
      <QueryClientProvider client={serverData(state({ ...reviewed, step: 'payment' }), WITH_COD, large)}>
        <CheckoutPage />
      </QueryClientProvider>,
      { path: '/kasse' },
    );
    const cod = await screen.findByRole('radio', { name: /^Nachnahme/ });
    expect(cod).toBeDisabled();
    expect(cod).toHaveAccessibleDescription(
      /^zzgl\. 6,90\s€ Nachnahmegebühr \(DHL\) Nachnahme ist bis zu einem Gesamtbetrag von 3\.500,00\s€ \(mit Versand und Nachnahmegebühr\) möglich\.$/,
    );
    expect(screen.getByRole('radio', { name: /^Vorkasse/ })).toBeChecked();
  });

  test("the review shows Nachnahme's fee in the totals and carries that total to 'Zahlungspflichtig bestellen'", async () => {
    const orderKey = '0b9a3c1e-2f4d-4c6b-8a7e-5d3f2e1c0b9a';
    const { container } = renderScreen(
      <QueryClientProvider client={serverData(state({ ...reviewed, step: 'review', orderKey, paymentMethod: 'cod' }), WITH_COD)}>
        <CheckoutPage />
      </QueryClientProvider>,
      { path: '/kasse' },
    );
    const review = await screen.findByRole('region', { name: 'Prüfen und bestellen' });
    const totals = within(review).getByTestId('order-summary');
    expect(totals).toHaveTextContent('Nachnahmegebühr (DHL)6,90 €');
    expect(within(totals).getByTestId('cart-total')).toHaveTextContent('28,88 €');
    expect(review).toHaveTextContent('Zahlung: Nachnahme (Barzahlung bei Zustellung)');
    // The finished payment step names the choice with its fee.
    expect(screen.getByRole('region', { name: 'Zahlung (erledigt)' })).toHaveTextContent(
      'Nachnahme (Barzahlung bei Zustellung), zzgl. 6,90 € Nachnahmegebühr (DHL)',
    );
    const form = container.querySelector<HTMLFormElement>('form.cart-checkout-layout')!;
    expect(Object.fromEntries(new FormData(form))).toMatchObject({ orderKey, expectedTotal: '28.88' });
  });

  test('hydrated, a shopper picks Nachnahme, sees its fee on the review and orders with it', async () => {
    const placed = testCodOrder();
    api.on('POST', '/api/orders', jsonAnswer(201, placed)).on('GET', `/api/orders/${placed.id}`, jsonAnswer(200, placed));
    // Not started as forms: the page checks and orders in place.
    renderScreen(
      <QueryClientProvider client={serverData(state({ ...reviewed, step: 'payment', started: false }), WITH_COD)}>
        <CheckoutPage />
      </QueryClientProvider>,
      { path: '/kasse' },
    );
    expect(await screen.findByRole('radio', { name: /^Vorkasse/ })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: /^Nachnahme/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    const order = await screen.findByRole('button', { name: 'Zahlungspflichtig bestellen' });
    const review = screen.getByRole('region', { name: 'Prüfen und bestellen' });
    expect(within(review).getByTestId('cart-total')).toHaveTextContent('28,88 €');
    fireEvent.click(within(review).getByRole('checkbox'));
    fireEvent.click(order);
    await screen.findByText(`/danke/${placed.id}`);
    expect(api.requests('POST', '/api/orders').map((request) => request.body)).toEqual([
      expect.objectContaining({ paymentMethod: 'cod', expectedTotal: '28.88' }),
    ]);
  });

  const SWITCHED_OFF: DeliveryOptions = { ageCheck: 'identCheck', cashOnDelivery: null };
  // Switched off before the review opened (the page knows it: nothing is sent), or after (the service refuses the order).
  test.each([
    ['before the review opened: ordering sends nothing', SWITCHED_OFF, 0],
    ["after it opened: the service's refusal", WITH_COD, 1],
  ] as const)('Nachnahme no longer offered, %s; back to the payment choice with the reason', async (_when, shown, posts) => {
    const refusal = 'Nachnahme ist derzeit nicht verfügbar. Bitte wählen Sie Vorkasse.';
    api.on('POST', '/api/orders', errorAnswer(409, 'PAYMENT_METHOD_UNAVAILABLE', refusal));
    api.on('GET', '/api/checkout/delivery', jsonAnswer(200, SWITCHED_OFF));
    renderScreen(
      <QueryClientProvider client={serverData(state({ ...reviewed, step: 'review', paymentMethod: 'cod', started: false }), shown)}>
        <CheckoutPage />
      </QueryClientProvider>,
      { path: '/kasse' },
    );
    const order = await screen.findByRole('button', { name: 'Zahlungspflichtig bestellen' });
    fireEvent.click(screen.getByRole('checkbox', { name: /AGB/ }));
    fireEvent.click(order);
    const payment = await screen.findByRole('group', { name: 'Zahlungsart' });
    expect(within(payment).getByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByRole('button', { name: 'Zahlungspflichtig bestellen' })).not.toBeInTheDocument();
    expect(api.requests('POST', '/api/orders')).toHaveLength(posts);
  });
});
