/**
 * @jest-environment jsdom
 */
import { DEMO_ADDRESS } from '@shop/test-fixtures';
import { CHECKOUT_DEFAULTS, STEP_SCHEMAS, toPlaceOrderBody, type CheckoutFormValues } from './checkout-form';

/** Checkout step checks (legal-de.md §1.6, §1.9) with the contract's German messages. */
/** The demo buyer's address as the form holds it (no country field: always Germany). */
const { country: _country, ...address } = DEMO_ADDRESS;
const form = (overrides: Partial<CheckoutFormValues> = {}): CheckoutFormValues => ({
  ...CHECKOUT_DEFAULTS,
  email: 'erika@example.de',
  billing: address,
  ...overrides,
});
const messages = (step: keyof typeof STEP_SCHEMAS, values: CheckoutFormValues) => {
  const result = STEP_SCHEMAS[step].safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

test('address: German 5-digit PLZ, house number, no Packstation (also on a separate delivery address)', () => {
  expect(messages('address', form())).toEqual([]);
  expect(messages('address', form({ billing: { ...address, postalCode: '1234' } }))).toEqual([
    'billing.postalCode: Bitte geben Sie eine fünfstellige Postleitzahl ein.',
  ]);
  expect(messages('address', form({ billing: { ...address, street: 'Packstation 105' } }))[0]).toMatch(
    /^billing\.street: Lieferungen an Packstationen/,
  );
  const shipping = { ...address, addressLine2: 'DHL Paketshop 12' };
  expect(messages('address', form({ shippingSameAsBilling: false, shipping }))[0]).toMatch(
    /^shipping\.street: Lieferungen an Packstationen/,
  );
  // A Postfach in the billing address is fine: only where the parcel goes matters.
  expect(
    messages('address', form({ billing: { ...address, addressLine2: 'Postfach 12' }, shippingSameAsBilling: false, shipping: address })),
  ).toEqual([]);
});

test('age step: a real date, not in the future; three MRZ lines of 30 characters, empty ones named first', () => {
  const lines = { mrz1: 'I'.repeat(30), mrz2: '9'.repeat(30), mrz3: 'M'.repeat(30) };
  expect(messages('age', form({ birthDate: '1990-01-01', ...lines }))).toEqual([]);
  expect(messages('age', form({ birthDate: '1990-02-30', ...lines }))).toEqual([
    'birthDate: Bitte geben Sie ein gültiges Datum ein (TT.MM.JJJJ).',
  ]);
  expect(messages('age', form({ birthDate: '2999-01-01', ...lines }))).toEqual([
    'birthDate: Das Geburtsdatum darf nicht in der Zukunft liegen.',
  ]);
  expect(messages('age', form({ birthDate: '1990-01-01', ...lines, mrz2: '' }))[0]).toBe('mrz2: Bitte geben Sie Zeile 2 ein.');
  expect(messages('age', form({ birthDate: '1990-01-01', ...lines, mrz3: 'MUSTERMANN<<ERIKA' }))).toEqual([
    'mrz3: Jede Zeile hat genau 30 Zeichen (die Zeichen „<“ mitzählen).',
  ]);
});

test('the order body: country DE, same address as null, MRZ without spaces in capitals, the total seen on review', () => {
  const body = toPlaceOrderBody(
    form({ birthDate: '1990-01-01', mrz1: 'idd<< l01x00t471', mrz2: 'x', mrz3: 'y', acceptTerms: true }),
    '38.97',
  );
  expect(body).toMatchObject({
    billingAddress: { ...address, country: 'DE' },
    shippingAddress: null,
    expectedTotal: '38.97',
    acceptTerms: true,
    paymentMethod: 'prepayment',
    shippingMethod: 'dhl-age-check',
  });
  expect(body.ageVerification.mrzLines[0]).toBe('IDD<<L01X00T471');
  expect(body).not.toHaveProperty('expectedAgeCheck');
  // The payment method chosen at the payment step goes with the order.
  expect(toPlaceOrderBody(form({ birthDate: '1990-01-01', paymentMethod: 'cod' }), '45.87').paymentMethod).toBe('cod');
  // With the check at the door the review named, the order carries it (refused if it changed since).
  expect(toPlaceOrderBody(form({ birthDate: '1990-01-01' }), '38.97', 'identCheck').expectedAgeCheck).toBe('identCheck');
});
