import type { User } from '@shop/contracts';
import { DEMO_ADDRESS } from '@shop/test-fixtures';
import { CHECKOUT_DEFAULTS } from './checkout-form';
import { prefillFromAccount } from './customer-prefill';

const user: User = {
  id: 'u1',
  email: 'erika@example.de',
  firstName: 'Erika',
  lastName: 'Mustermann',
  role: 'customer',
  emailVerified: true,
  address: { ...DEMO_ADDRESS, firstName: 'Erika', street: 'Heidestraße 17' },
  createdAt: '2026-11-23T10:00:00.000Z',
};

describe('checkout prefill for logged-in customers', () => {
  test('an empty form gets the e-mail and the saved address (without the country field)', () => {
    const patch = prefillFromAccount(CHECKOUT_DEFAULTS, user);
    expect(patch.email).toBe('erika@example.de');
    expect(patch.billing).toEqual({
      firstName: 'Erika',
      lastName: DEMO_ADDRESS.lastName,
      street: 'Heidestraße 17',
      addressLine2: DEMO_ADDRESS.addressLine2,
      postalCode: DEMO_ADDRESS.postalCode,
      city: DEMO_ADDRESS.city,
    });
  });

  test('without a saved address only the name is filled', () => {
    expect(prefillFromAccount(CHECKOUT_DEFAULTS, { ...user, address: null }).billing).toEqual({
      ...CHECKOUT_DEFAULTS.billing,
      firstName: 'Erika',
      lastName: 'Mustermann',
    });
  });

  test('what the shopper typed wins: a typed e-mail or any address field is left alone', () => {
    const typed = { ...CHECKOUT_DEFAULTS, email: 'geschenk@example.de', billing: { ...CHECKOUT_DEFAULTS.billing, city: 'Bonn' } };
    expect(prefillFromAccount(typed, user)).toEqual({});
  });
});
