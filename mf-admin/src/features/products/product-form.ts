import { z } from 'zod';
import { MAX_PARCEL_WEIGHT_GRAMS, ProductType } from '@shop/contracts';
import { type AdminProductDetail, type ProductInput } from '@shop/contracts/admin';
import { NICOTINE_WARNING, nicotineFieldIssues } from '@shop/catalog-rules';
import { parseEuroInput } from '@shop/format';

/** German decimal ('1,5' or '1.5') → number; NaN when it is none. */
const germanNumber = (text: string) => (/^\d{1,7}([,.]\d{1,3})?$/.test(text.trim()) ? Number(text.trim().replace(',', '.')) : Number.NaN);
const optional = (text: string) => text.trim() === '';

/**
 * The product editor's fields as the browser holds them (text for every number and amount, so
 * staff can type '12,99'). Checked here in German before sending; the catalog checks again.
 */
export const ProductFormValues = z
  .object({
    name: z.string().trim().min(1, 'Bitte geben Sie einen Namen ein.').max(160),
    categoryId: z.string().min(1, 'Bitte wählen Sie eine Kategorie.'),
    flavor: z.string().trim().min(1, 'Bitte geben Sie die Geschmacksrichtung ein.').max(80),
    brand: z.string().trim().min(1, 'Bitte geben Sie die Marke ein.').max(80),
    sku: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'Nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich (höchstens 64 Zeichen).'),
    gtin: z
      .string()
      .trim()
      .regex(/^(\d{8}(\d{4,6})?)?$/, 'Die GTIN hat 8, 12, 13 oder 14 Ziffern.'),
    price: z.string().refine((text) => parseEuroInput(text) !== null, 'Bitte geben Sie den Preis in Euro ein, z. B. 19,99.'),
    salePrice: z
      .string()
      .refine((text) => optional(text) || parseEuroInput(text) !== null, 'Betrag in Euro, z. B. 14,99, oder leer lassen.'),
    stock: z
      .string()
      .refine((text) => optional(text) || /^\d{1,7}$/.test(text.trim()), 'Eine ganze Zahl ab 0, oder leer für „nicht geführt“.'),
    isActive: z.boolean(),
    isFeatured: z.boolean(),
    description: z.string().trim().min(1, 'Bitte geben Sie eine Beschreibung ein.').max(20_000),
    features: z.string().max(4000),
    productType: ProductType,
    puffCount: z.string().refine((text) => /^\d{1,7}$/.test(text.trim()) && Number(text) > 0, 'Eine ganze Zahl über 0.'),
    nicotineMgPerMl: z.string().refine((text) => germanNumber(text) >= 0, 'Eine Zahl, z. B. 20 oder 1,5.'),
    nicotineStrength: z.string().trim().min(1, 'Bitte angeben, z. B. 2%.').max(20),
    liquidVolumeMl: z.string().refine((text) => optional(text) || germanNumber(text) > 0, 'Eine Zahl über 0, z. B. 2, oder leer lassen.'),
    batteryMah: z.string().refine((text) => optional(text) || /^\d{1,6}$/.test(text.trim()), 'Eine ganze Zahl, oder leer lassen.'),
    coil: z.string().trim().max(80),
    durabilityGuaranteeYears: z
      .string()
      .refine(
        (text) => optional(text) || (/^\d{1,2}$/.test(text.trim()) && Number(text) >= 3 && Number(text) <= 30),
        'Ganze Jahre von 3 bis 30, oder leer lassen (bis 2 Jahre gilt die gesetzliche Gewährleistung).',
      ),
    shippingWeightGrams: z
      .string()
      .refine(
        (text) => optional(text) || (/^\d{1,5}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= MAX_PARCEL_WEIGHT_GRAMS),
        'Ganze Gramm von 1 bis 31.500 (einschließlich Verpackung), oder leer lassen.',
      ),
    nicotineWarning: z.string().trim().max(300),
    sellableUntil: z.string(),
    images: z.array(z.string()),
    complianceOverrideReason: z.string().max(500),
  })
  .refine(
    (values) => {
      const price = parseEuroInput(values.price);
      const sale = parseEuroInput(values.salePrice);
      return !price || !sale || Number(sale) < Number(price);
    },
    { message: 'Der Aktionspreis muss unter dem regulären Preis liegen.', path: ['salePrice'] },
  )
  .superRefine((values, context) => {
    // The catalog's nicotine rule, told before sending: strength and warning agree with the mg/ml.
    const nicotineMgPerMl = germanNumber(values.nicotineMgPerMl);
    if (!(nicotineMgPerMl >= 0)) return;
    for (const issue of nicotineFieldIssues({ ...values, nicotineMgPerMl }))
      context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });
export type ProductFormValues = z.infer<typeof ProductFormValues>;

const text = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

/** The editor's starting values: an existing product, or a new one with the lawful defaults. */
export function formValuesOf(product: AdminProductDetail | null): ProductFormValues {
  if (!product)
    return {
      name: '',
      categoryId: '',
      flavor: '',
      brand: 'RandM',
      sku: '',
      gtin: '',
      price: '',
      salePrice: '',
      stock: '',
      isActive: false,
      isFeatured: false,
      description: '',
      features: '',
      productType: 'prefilled-pod',
      puffCount: '',
      nicotineMgPerMl: '20',
      nicotineStrength: '2%',
      liquidVolumeMl: '2',
      batteryMah: '',
      coil: '',
      durabilityGuaranteeYears: '',
      shippingWeightGrams: '',
      nicotineWarning: NICOTINE_WARNING,
      sellableUntil: '',
      images: [],
      complianceOverrideReason: '',
    };
  return {
    name: product.name,
    categoryId: product.categoryId,
    flavor: product.flavor,
    brand: product.brand,
    sku: product.sku,
    gtin: product.gtin ?? '',
    price: product.price.replace('.', ','),
    salePrice: product.salePrice?.replace('.', ',') ?? '',
    stock: text(product.stock),
    isActive: product.isActive,
    isFeatured: product.isFeatured,
    description: product.description,
    features: product.features.join('\n'),
    productType: product.productType,
    puffCount: String(product.puffCount),
    nicotineMgPerMl: text(product.nicotineMgPerMl),
    nicotineStrength: product.nicotineStrength,
    liquidVolumeMl: text(product.liquidVolumeMl),
    batteryMah: text(product.batteryMah),
    coil: product.coil ?? '',
    durabilityGuaranteeYears: text(product.durabilityGuaranteeYears),
    shippingWeightGrams: text(product.shippingWeightGrams ?? null),
    nicotineWarning: product.nicotineWarning,
    sellableUntil: product.sellableUntil ?? '',
    images: [...product.images],
    complianceOverrideReason: '',
  };
}

/** Checked form values → the catalog's ProductInput (EUR strings, numbers, nulls for empty fields). */
export function productInputOf(values: ProductFormValues): ProductInput {
  const orNull = <T>(textValue: string, parse: (t: string) => T) => (optional(textValue) ? null : parse(textValue.trim()));
  return {
    name: values.name.trim(),
    categoryId: values.categoryId,
    flavor: values.flavor.trim(),
    price: parseEuroInput(values.price)!,
    salePrice: orNull(values.salePrice, (t) => parseEuroInput(t)!),
    stock: orNull(values.stock, Number),
    isActive: values.isActive,
    isFeatured: values.isFeatured,
    images: values.images,
    description: values.description.trim(),
    features: values.features
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    brand: values.brand.trim(),
    puffCount: Number(values.puffCount.trim()),
    nicotineStrength: values.nicotineStrength.trim(),
    nicotineMgPerMl: germanNumber(values.nicotineMgPerMl),
    nicotineWarning: values.nicotineWarning.trim(),
    productType: values.productType,
    liquidVolumeMl: orNull(values.liquidVolumeMl, germanNumber),
    batteryMah: orNull(values.batteryMah, Number),
    coil: values.coil.trim() || null,
    durabilityGuaranteeYears: orNull(values.durabilityGuaranteeYears, Number),
    shippingWeightGrams: orNull(values.shippingWeightGrams, Number),
    sku: values.sku.trim(),
    gtin: values.gtin.trim() || null,
    sellableUntil: values.sellableUntil || null,
  };
}
