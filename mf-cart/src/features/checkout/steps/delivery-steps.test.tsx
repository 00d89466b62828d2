import { render, screen } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import type { ReactNode } from 'react';
import { DELIVERY_PROMISE } from '@shop/contracts';
import { testCart } from '../../../test-support/test-cart';
import { ReviewStep } from './review-step';
import { ShippingStep } from './shipping-step';

function WithForm({ children }: { children: ReactNode }) {
  const form = useForm();
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
