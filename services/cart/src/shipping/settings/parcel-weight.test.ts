/** The parcel weight of a DHL label from an order's lines and the shipping settings (all grams). */
import type { OrderLineRecord } from '../../orders/order.model';
import { parcelWeight } from './parcel-weight';
import { DEFAULT_SHIPPING_SETTINGS, type StoredShippingSettings } from './shipping-settings';

const line = (name: string, quantity: number, shippingWeightGrams: number | null, category: string | null): OrderLineRecord =>
  ({
    productId: name,
    name,
    slug: name,
    image: null,
    quantity,
    unitCents: 1000,
    regularCents: 1000,
    durabilityGuaranteeYears: null,
    shippingWeightGrams,
    category,
  }) as OrderLineRecord;

const settings = (overrides: Partial<StoredShippingSettings> = {}): StoredShippingSettings => ({
  ...DEFAULT_SHIPPING_SETTINGS,
  packagingGrams: 150,
  defaultItemGrams: 50,
  categoryItemGrams: [{ category: 'shisha', grams: 1200 }],
  ...overrides,
});

test.each([
  ['the line’s own weight first', [line('Vape', 3, 80, 'shisha')], settings(), { grams: 150 + 3 * 80, missing: [] }],
  ['else its category’s', [line('Shisha Alu', 2, null, 'shisha')], settings(), { grams: 150 + 2 * 1200, missing: [] }],
  ['a category matched regardless of case', [line('Shisha Alu', 1, null, 'Shisha')], settings(), { grams: 150 + 1200, missing: [] }],
  ['else the default piece', [line('Liquid', 4, null, 'liquids')], settings(), { grams: 150 + 4 * 50, missing: [] }],
  ['an order placed before lines had a category', [line('Alt', 1, null, null)], settings(), { grams: 150 + 50, missing: [] }],
  [
    'all three kinds in one parcel',
    [line('Vape', 2, 80, null), line('Shisha Alu', 1, null, 'shisha'), line('Liquid', 3, null, 'liquids')],
    settings(),
    { grams: 150 + 160 + 1200 + 150, missing: [] },
  ],
  [
    'lines without any weight are named, and there is no weight then',
    [line('Vape', 1, 80, null), line('Liquid A', 2, null, 'liquids'), line('Liquid B', 1, null, null)],
    settings({ defaultItemGrams: null }),
    { grams: null, missing: ['Liquid A', 'Liquid B'] },
  ],
  ['packaging alone for nothing weighed (defaults)', [line('Vape', 1, 80, null)], DEFAULT_SHIPPING_SETTINGS, { grams: 80, missing: [] }],
  [
    'above DHL’s 31.5 kg the sum is still given (shipmentFor refuses it)',
    [line('Shisha Alu', 30, null, 'shisha')],
    settings(),
    { grams: 150 + 30 * 1200, missing: [] },
  ],
])('%s', (_name, items, given, expected) => {
  expect(parcelWeight(items, given)).toEqual(expected);
});
