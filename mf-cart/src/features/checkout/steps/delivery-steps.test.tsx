import { screen, waitFor } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import type { ReactNode } from 'react';
import { COD_DELIVERY_PROMISE, DELIVERY_PROMISE } from '@shop/contracts';
import { errorAnswer, jsonAnswer, mockApi, renderScreen } from '@shop/test-dom';
import { DeliveryRestrictions } from '../../../components/delivery-restrictions';
import { testCart } from '../../../test-support/test-cart';
import { CHECKOUT_DEFAULTS } from '../checkout-form';
import { AddressStep } from './address-step';
import { ReviewStep } from './review-step';
import { ShippingStep } from './shipping-step';

function WithForm({ children, values = {} }: { children: ReactNode; values?: Record<string, unknown> }) {
  const form = useForm({ defaultValues: values });
  return <FormProvider {...form}>{children}</FormProvider>;
}

const operatorBooks = (ageCheck: 'identCheck' | 'visualCheckOfAge') =>
  mockApi().on('GET', '/api/checkout/delivery', jsonAnswer(200, { ageCheck, cashOnDelivery: null }));

// The delivery texts name the check the operator books with the label (Ident-Check by default),
// before the order (§ 312j Abs. 1 BGB): the parcel goes only to the named recipient after an ID check.
test('the steps and the delivery restrictions name the Ident-Check when the operator books it', async () => {
  operatorBooks('identCheck');
  const cart = testCart([]);
  const { unmount } = renderScreen(<ShippingStep totals={cart.totals} />);
  expect(await screen.findByText(/^DHL Paket mit Ident-Check \(ab 18\) – /)).toBeInTheDocument();
  expect(
    screen.getByText(/DHL übergibt das Paket nur dem Empfänger persönlich, nachdem der Zusteller seinen Ausweis geprüft hat/),
  ).toBeInTheDocument();
  unmount();
  renderScreen(<DeliveryRestrictions />);
  expect(
    await screen.findByText(/Ident-Check bei Zustellung \(DHL prüft Name und Alter des Empfängers am Ausweis\)\./),
  ).toBeInTheDocument();
});

test('with the Alterssichtprüfung chosen the texts say so; while the shop has not said which, they name no check in particular', async () => {
  const api = mockApi().on('GET', '/api/checkout/delivery', errorAnswer(503, 'UPSTREAM_UNAVAILABLE'));
  const { unmount } = renderScreen(<DeliveryRestrictions />);
  expect(screen.getByText(/Altersprüfung bei Zustellung durch DHL\./)).toBeInTheDocument();
  await waitFor(() => expect(api.requests()).toHaveLength(1));
  expect(screen.getByText(/Altersprüfung bei Zustellung durch DHL\./)).toBeInTheDocument();
  unmount();
  operatorBooks('visualCheckOfAge');
  renderScreen(<DeliveryRestrictions />);
  expect(await screen.findByText(/Altersprüfung bei Zustellung \(DHL Alterssichtprüfung 18\+\)\./)).toBeInTheDocument();
});

// The checkout repeats the shop's one delivery promise (dispatch after payment, then delivery),
// the same words as the top bar, the product page and the confirmation e-mail.
test('the shipping and review steps state the one delivery promise, payment condition included', async () => {
  operatorBooks('identCheck');
  const cart = testCart([]);
  const { unmount } = renderScreen(<ShippingStep totals={cart.totals} />);
  expect(screen.getByText(new RegExp(`^${DELIVERY_PROMISE}\\.`))).toBeInTheDocument();
  unmount();

  renderScreen(
    <WithForm>
      <ReviewStep cart={cart} totals={cart.totals} paymentMethod="prepayment" lines={[]} busy={false} error={null} onOrder={() => {}} />
    </WithForm>,
  );
  // No brackets around it: the method's name may have its own ('Ident-Check (ab 18)').
  expect(await screen.findByText(new RegExp(`\\(ab 18\\), ${DELIVERY_PROMISE} ·`))).toBeInTheDocument();
  expect(screen.queryByText(/1–3 Werktage nach Zahlungseingang/)).not.toBeInTheDocument();
});

// Paid at the door, nothing is paid before shipping: the promise counts from the order.
test('the review of a cash-on-delivery order promises dispatch counted from the order, not from a payment', async () => {
  operatorBooks('identCheck');
  const cart = testCart([]);
  renderScreen(
    <WithForm>
      <ReviewStep cart={cart} totals={cart.totals} paymentMethod="cod" lines={[]} busy={false} error={null} onOrder={() => {}} />
    </WithForm>,
  );
  expect(await screen.findByText(new RegExp(`\\(ab 18\\), ${COD_DELIVERY_PROMISE} · Zahlung: Nachnahme`))).toBeInTheDocument();
  expect(screen.queryByText(/nach Zahlungseingang/)).not.toBeInTheDocument();
});

// The age check is made for the name in the delivery address: the address step says so before a
// shopper names someone else as the recipient (the refusal would otherwise come only a step later).
// Who may take the parcel is the check at the door's rule (under the Alterssichtprüfung any adult of
// the household), never a promise the booked check does not keep.
test.each([
  ['identCheck', /nur dem Empfänger persönlich/],
  ['visualCheckOfAge', /nur an eine volljährige Person \(Alterssichtprüfung 18\+\)/],
] as const)('the address step names the ID card checked next and, under %s, who may take the parcel', async (check, atTheDoor) => {
  operatorBooks(check);
  renderScreen(
    <WithForm values={{ ...CHECKOUT_DEFAULTS, shippingSameAsBilling: false }}>
      <AddressStep />
    </WithForm>,
  );
  expect(screen.getByRole('group', { name: 'Lieferadresse' })).toBeInTheDocument();
  expect(screen.getByTestId('recipient-hint')).toHaveTextContent(
    'Der Name in der Lieferadresse muss mit dem Ausweis übereinstimmen. Bestellen darf nur die geprüfte Person.',
  );
  expect(screen.getByTestId('recipient-hint')).not.toHaveTextContent('empfangen');
  expect(await screen.findByText(atTheDoor)).toHaveTextContent('Auch Postfilialen und Paketshops sind als Lieferadresse nicht möglich.');
  expect(screen.getAllByText(/Packstation/)).toHaveLength(1);
});
