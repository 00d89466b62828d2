import { render, screen } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import type { ReactNode } from 'react';
import { DELIVERY_PROMISE } from '@shop/contracts';
import { testCart } from '../../../test-support/test-cart';
import { CHECKOUT_DEFAULTS } from '../checkout-form';
import { AddressStep } from './address-step';
import { ReviewStep } from './review-step';
import { ShippingStep } from './shipping-step';

function WithForm({ children, values = {} }: { children: ReactNode; values?: Record<string, unknown> }) {
  const form = useForm({ defaultValues: values });
  return <FormProvider {...form}>{children}</FormProvider>;
}

// The checkout repeats the shop's one delivery promise (dispatch after payment, then delivery),
// the same words as the top bar, the product page and the confirmation e-mail.
test('the shipping and review steps state the one delivery promise, payment condition included', () => {
  const cart = testCart([]);
  const { unmount } = render(<ShippingStep totals={cart.totals} />);
  expect(screen.getByText(new RegExp(`^${DELIVERY_PROMISE}\\.`))).toBeInTheDocument();
  unmount();

  render(
    <WithForm>
      <ReviewStep cart={cart} lines={[]} busy={false} error={null} onOrder={() => {}} />
    </WithForm>,
  );
  expect(screen.getByText(new RegExp(`\\(${DELIVERY_PROMISE}\\)`))).toBeInTheDocument();
  expect(screen.queryByText(/1–3 Werktage nach Zahlungseingang/)).not.toBeInTheDocument();
});

// The age check is made for the name in the delivery address: the address step says so before a
// shopper names someone else as the recipient (the refusal would otherwise come only a step later).
test('the address step says the recipient must be the holder of the ID card checked next', () => {
  render(
    <WithForm values={{ ...CHECKOUT_DEFAULTS, shippingSameAsBilling: false }}>
      <AddressStep />
    </WithForm>,
  );
  expect(screen.getByRole('group', { name: 'Lieferadresse' })).toBeInTheDocument();
  expect(screen.getByTestId('recipient-hint')).toHaveTextContent(
    'Der Name in der Lieferadresse muss mit dem Ausweis übereinstimmen. Bestellen und empfangen darf nur die geprüfte Person.',
  );
});
