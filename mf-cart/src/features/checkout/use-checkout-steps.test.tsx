import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FormProvider } from 'react-hook-form';
import type { CartResponse } from '@shop/contracts';
import { errorAnswer, mockApi, renderScreen } from '@shop/test-dom';
import { DEMO_ADDRESS, specimenIdCard } from '@shop/test-fixtures';
import { AGE_STEP } from './checkout-steps';
import { AgeStep } from './steps/age-step';
import { ContinueButton, StepError } from './steps/step-actions';
import { useCheckoutSteps } from './use-checkout-steps';

const [line1, line2, line3] = specimenIdCard() as [string, string, string];
const { country: _country, ...address } = DEMO_ADDRESS;
const cart: CartResponse = {
  items: [],
  totals: {
    itemCount: 1,
    subtotal: '16.99',
    savings: '0.00',
    promoDiscount: '0.00',
    shipping: '4.99',
    total: '21.98',
    vatIncluded: '3.51',
    freeShippingRemainingItems: 3,
  },
  promo: null,
  notices: [],
};

/** The age step as the checkout page mounts it: its fields, the server's answer and 'Weiter'. */
function AgeStepHarness() {
  const checkout = useCheckoutSteps(cart);
  return (
    <FormProvider {...checkout.form}>
      <AgeStep resumed={false} />
      <StepError message={checkout.stepError} />
      <ContinueButton busy={checkout.busy} onContinue={() => void checkout.next()} />
    </FormProvider>
  );
}

describe('useCheckoutSteps, the age check', () => {
  beforeEach(() => {
    // The tab's draft: contact and address done, the shopper on the age step.
    sessionStorage.setItem('checkout:draft', JSON.stringify({ email: 'erika@example.de', billing: address, shippingSameAsBilling: true }));
    sessionStorage.setItem('checkout:step', String(AGE_STEP));
  });
  afterEach(() => sessionStorage.clear());

  test("the server's refusal goes away once the shopper corrects the lines", async () => {
    const api = mockApi();
    api.on(
      'POST',
      '/api/checkout/age-verification',
      errorAnswer(422, 'AGE_VERIFICATION_FAILED', 'Der Name passt nicht zur Lieferadresse.'),
    );
    renderScreen(<AgeStepHarness />, { path: '/kasse', user: null });
    fireEvent.input(screen.getByLabelText('Geburtsdatum'), { target: { value: '1990-01-01' } });
    fireEvent.input(screen.getByLabelText('Zeile 1'), { target: { value: line1 } });
    fireEvent.input(screen.getByLabelText('Zeile 2'), { target: { value: line2 } });
    fireEvent.input(screen.getByLabelText('Zeile 3'), { target: { value: 'MUSTERMANN<<ERIKO'.padEnd(30, '<') } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Name passt nicht zur Lieferadresse.');

    fireEvent.input(screen.getByLabelText('Zeile 3'), { target: { value: line3 } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getAllByText(/Prüfziffern stimmen/).length).toBeGreaterThan(0);
  });
});
