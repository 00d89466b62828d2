import type { SellerDetails } from '@shop/contracts';
import { TEST_SELLER } from '../../test-support/cart-test-env';
import { missingShipperDetails, shipperFrom } from './shipper';

const seller = (overrides: Partial<SellerDetails> = {}): SellerDetails => ({ ...TEST_SELLER, ...overrides });

test('the shipper is the operator from the legal settings', () => {
  expect(shipperFrom(seller())).toEqual({
    name: 'Tornado Handel GmbH',
    street: 'Hansaring 12',
    postalCode: '50670',
    city: 'Köln',
    email: 'service@tornado-handel.example',
  });
  expect(missingShipperDetails(seller())).toEqual([]);
});

test('a detail the content service marks as not configured is named, so no label carries a placeholder as its sender', () => {
  const missing = seller({
    company: '==[Firmenname mit Rechtsform fehlt: OPERATOR_COMPANY setzen]==',
    city: '==[Ort fehlt: OPERATOR_CITY setzen]==',
    // The imprint's other details are not on the label.
    vatId: '==[Umsatzsteuer-Identifikationsnummer fehlt: OPERATOR_VAT_ID setzen]==',
  });
  expect(missingShipperDetails(missing)).toEqual([
    'Firmenname mit Rechtsform fehlt: OPERATOR_COMPANY setzen',
    'Ort fehlt: OPERATOR_CITY setzen',
  ]);
});
