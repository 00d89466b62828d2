import type { PlaceOrderBody } from '@shop/contracts/checkout';
import { specimenIdCard } from './specimen-id-card';

/** The demo buyer (the sample ID card's holder) at a German address. */
export const DEMO_ADDRESS = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  street: 'Heidestraße 17',
  addressLine2: '',
  postalCode: '51147',
  city: 'Köln',
  country: 'DE' as const,
};

/** An order body without the total the shopper saw (added from the cart just before placing). */
export type DemoOrderBody = Omit<PlaceOrderBody, 'expectedTotal'> & { expectedTotal?: string };

/**
 * A `POST /api/orders` body for the demo buyer (tests, e2e API journeys, benchmarks): adult
 * specimen ID card valid until the end of 2035, DHL with age check, prepayment, terms accepted.
 * The caller adds `expectedTotal`, the cart's total, as the checkout does.
 */
export function demoOrderBody(overrides: Partial<PlaceOrderBody> = {}): DemoOrderBody {
  return {
    email: 'erika@example.de',
    billingAddress: DEMO_ADDRESS,
    shippingAddress: null,
    birthDate: '1990-01-01',
    ageVerification: { method: 'id-card-mrz', mrzLines: specimenIdCard({ expiry: '351231' }) },
    shippingMethod: 'dhl-age-check',
    paymentMethod: 'prepayment',
    acceptTerms: true,
    ...overrides,
  };
}
