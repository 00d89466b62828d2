import { z } from 'zod';
import { ProductFields, type AdminProductDetail, type ProductInput } from '@shop/contracts/admin';
import { NICOTINE_WARNING, nicotineFieldIssues } from '@shop/catalog-rules';
import { contractForm, type FieldMessage, type FormValuesOf } from '../../lib/contract-form';

/**
 * The editor's German messages where the form words a refusal itself (what to type); every
 * other refusal shows the contract's message (packages/contracts admin-products.ts ProductFields).
 */
const MESSAGES: Partial<Record<keyof ProductInput, FieldMessage>> = {
  name: { too_small: 'Bitte geben Sie einen Namen ein.' },
  categoryId: { too_small: 'Bitte wählen Sie eine Kategorie.' },
  flavor: { too_small: 'Bitte geben Sie die Geschmacksrichtung ein.' },
  brand: { too_small: 'Bitte geben Sie die Marke ein.' },
  sku: 'Nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich (höchstens 64 Zeichen).',
  gtin: 'Die GTIN hat 8, 12, 13 oder 14 Ziffern.',
  price: 'Bitte geben Sie den Preis in Euro ein, z. B. 19,99.',
  salePrice: 'Betrag in Euro, z. B. 14,99, oder leer lassen.',
  stock: 'Eine ganze Zahl ab 0, oder leer für „nicht geführt“.',
  description: { too_small: 'Bitte geben Sie eine Beschreibung ein.' },
  puffCount: 'Eine ganze Zahl über 0.',
  nicotineMgPerMl: 'Eine Zahl, z. B. 20 oder 1,5.',
  nicotineStrength: { too_small: 'Bitte angeben, z. B. 2%.' },
  liquidVolumeMl: 'Eine Zahl über 0, z. B. 2, oder leer lassen.',
  batteryMah: 'Eine ganze Zahl, oder leer lassen.',
  features: 'Höchstens 20 Merkmale, je eines pro Zeile mit höchstens 200 Zeichen.',
  coil: 'Höchstens 80 Zeichen, oder leer lassen.',
  nicotineWarning: 'Höchstens 300 Zeichen.',
  durabilityGuaranteeYears: 'Ganze Jahre von 3 bis 30, oder leer lassen (bis 2 Jahre gilt die gesetzliche Gewährleistung).',
  shippingWeightGrams: 'Ganze Gramm von 1 bis 31.500 (einschließlich Verpackung), oder leer lassen.',
};

/**
 * The product editor's form of `contract` (the catalog's ProductFields, or a copy with more
 * fields): every number and amount a text staff type in German ('12,99', '1,5'), the images the
 * list the image picker edits, the features one per line; checked in German before sending (the
 * catalog checks again), with the catalog's rules across fields: the sale price under the price,
 * nicotine strength and warning agreeing with the mg/ml (@shop/catalog-rules).
 */
export function productFormOf<S extends z.ZodRawShape>(contract: z.ZodObject<S>) {
  const form = contractForm(contract, { lists: ['images'], messages: MESSAGES });
  const fields: z.ZodType<Record<string, unknown>> = z.object({ ...form.shape, complianceOverrideReason: z.string().max(500) });
  const schema = fields
    .refine(
      (values) => {
        const price = form.valueOf('price', values.price);
        const sale = form.valueOf('salePrice', values.salePrice);
        return typeof price !== 'string' || typeof sale !== 'string' || Number(sale) < Number(price);
      },
      { message: 'Der Aktionspreis muss unter dem regulären Preis liegen.', path: ['salePrice'] },
    )
    .superRefine((values, context) => {
      const nicotineMgPerMl = form.valueOf('nicotineMgPerMl', values.nicotineMgPerMl);
      if (typeof nicotineMgPerMl !== 'number') return;
      const nicotine = {
        nicotineMgPerMl,
        nicotineStrength: String(values.nicotineStrength),
        nicotineWarning: String(values.nicotineWarning),
      };
      for (const issue of nicotineFieldIssues(nicotine)) context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    });
  return { ...form, schema };
}

const productForm = productFormOf(ProductFields);

/** The product editor's fields as the browser holds them: the contract's fields as form inputs, and an admin's override reason. */
export type ProductFormValues = FormValuesOf<ProductInput, 'images'> & { complianceOverrideReason: string };
export const ProductFormValues = productForm.schema as unknown as z.ZodType<ProductFormValues, ProductFormValues>;

/** A new product's lawful defaults: inactive, a RandM pod of 20 mg/ml with its warning (§ 27 TabakerzV). */
const NEW_PRODUCT: Partial<ProductInput> = {
  brand: 'RandM',
  productType: 'prefilled-pod',
  nicotineMgPerMl: 20,
  nicotineStrength: '2%',
  liquidVolumeMl: 2,
  nicotineWarning: NICOTINE_WARNING,
};

/** The editor's starting values: an existing product, or a new one with the lawful defaults. */
export function formValuesOf(product: AdminProductDetail | null): ProductFormValues {
  return { ...productForm.toFormValues(product ?? NEW_PRODUCT), complianceOverrideReason: '' } as ProductFormValues;
}

/** Checked form values → the catalog's ProductInput (EUR strings, numbers, nulls for empty fields). */
export function productInputOf(values: ProductFormValues): ProductInput {
  return productForm.toPayload(values) as ProductInput;
}
