import { z } from 'zod';
import { DecimalAmount } from '@shop/contracts';
import { ProductFields, type AdminProductDetail } from '@shop/contracts/admin';
import { testProduct } from '@shop/test-fixtures';
import { formValuesOf, productFormOf, productInputOf, ProductFormValues } from './product-form';

const ID = 'a'.repeat(24);
const product: AdminProductDetail = {
  ...testProduct(ID, { name: 'RandM Tornado 9000 Cola', price: '26.99', salePrice: '16.99', stock: null }),
  nicotineMgPerMl: 17.5,
  nicotineStrength: '1,75 % (17,5 mg/ml)',
  liquidVolumeMl: 2,
  batteryMah: 850,
  coil: null,
  shippingWeightGrams: 85,
  features: ['Mesh-Coil', 'USB-C'],
  isFeatured: false,
  version: 7,
  sellableUntil: null,
  lawIssues: [],
  complianceOverride: null,
  priceHistory: [],
};

/** The product editor's form, derived from the contract's ProductFields (lib/contract-form.ts). */
describe('product form', () => {
  test('a product in German notation: amounts and decimals with a comma, empty for null, features one per line', () => {
    const values = formValuesOf(product);
    expect(values).toMatchObject({
      price: '26,99',
      salePrice: '16,99',
      stock: '',
      nicotineMgPerMl: '17,5',
      liquidVolumeMl: '2',
      batteryMah: '850',
      coil: '',
      shippingWeightGrams: '85',
      features: 'Mesh-Coil\nUSB-C',
      images: product.images,
      isActive: product.isActive,
      complianceOverrideReason: '',
    });
    // And back: the same product as the contract has it, nothing but its fields.
    const input = productInputOf(values);
    expect(input).toEqual(
      ProductFields.parse(
        Object.fromEntries(Object.keys(ProductFields.shape).map((key) => [key, product[key as keyof AdminProductDetail]])),
      ),
    );
  });

  test('typed values are sent as the contract takes them: German decimals, trimmed texts, null for an empty optional field', () => {
    const values = { ...formValuesOf(product), price: ' 21,5 ', nicotineMgPerMl: '20', coil: ' 0,8 Ohm ', batteryMah: '', gtin: '' };
    expect(ProductFormValues.safeParse(values).success).toBe(false); // 20 mg/ml does not agree with '1,75 %'
    expect(productInputOf(values)).toMatchObject({ price: '21.50', nicotineMgPerMl: 20, coil: '0,8 Ohm', batteryMah: null, gtin: null });
  });

  test('a new product starts inactive with the lawful defaults', () => {
    expect(formValuesOf(null)).toMatchObject({
      brand: 'RandM',
      productType: 'prefilled-pod',
      nicotineMgPerMl: '20',
      liquidVolumeMl: '2',
      isActive: false,
      price: '',
      images: [],
    });
  });

  test('a field added to a copy of the contract round-trips without new code: its input and its check come from its schema', () => {
    const extended = productFormOf(
      ProductFields.extend({
        coilOhm: z.number().positive().max(5).nullable(),
        refillPrice: DecimalAmount.nullable(),
        podsInPack: z.number().int().min(1, 'Mindestens ein Pod.'),
      }),
    );
    expect(extended.fields).toMatchObject({
      coilOhm: { kind: 'decimal', empty: 'null' },
      refillPrice: { kind: 'euro', empty: 'null' },
      podsInPack: { kind: 'integer', empty: 'required' },
    });
    const values = extended.toFormValues({ ...product, coilOhm: 0.8, refillPrice: '4.99', podsInPack: 3 });
    expect(values).toMatchObject({ coilOhm: '0,8', refillPrice: '4,99', podsInPack: '3' });
    expect(extended.toPayload({ ...values, coilOhm: '1,2', refillPrice: '' })).toMatchObject({
      coilOhm: 1.2,
      refillPrice: null,
      podsInPack: 3,
    });

    const refused = (changes: Record<string, unknown>) =>
      extended.schema
        .safeParse({ ...values, complianceOverrideReason: '', ...changes })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(refused({})).toBeUndefined();
    expect(refused({ podsInPack: 'drei' })).toEqual([['podsInPack', 'Eine ganze Zahl.']]);
    expect(refused({ podsInPack: '0' })).toEqual([['podsInPack', 'Mindestens ein Pod.']]);
    expect(refused({ coilOhm: 'x' })).toEqual([['coilOhm', 'Eine Zahl, z. B. 1,5, oder leer lassen.']]);
  });

  test('list and length limits of the contract are refused in German, in the form’s words', () => {
    const values = {
      ...formValuesOf(product),
      features: Array.from({ length: 21 }, (_, i) => `Merkmal ${i + 1}`).join('\n'),
      coil: 'x'.repeat(81),
    };
    const result = ProductFormValues.safeParse(values);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]));
    expect(Object.keys(messages).sort()).toEqual(['coil', 'features']);
    expect(messages).toEqual({
      features: 'Höchstens 20 Merkmale, je eines pro Zeile mit höchstens 200 Zeichen.',
      coil: 'Höchstens 80 Zeichen, oder leer lassen.',
    });
  });
});
