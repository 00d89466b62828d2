import type { ProductType } from '@shop/contracts';
import type { ProductInput } from '@shop/contracts/admin';

/** German names of the product fields (editor labels, audit log). */
export const PRODUCT_FIELD_LABELS: Record<keyof ProductInput, string> = {
  name: 'Name',
  categoryId: 'Kategorie',
  flavor: 'Geschmacksrichtung',
  price: 'Preis',
  salePrice: 'Aktionspreis',
  stock: 'Bestand',
  isActive: 'Aktiv',
  isFeatured: 'Hervorgehoben',
  images: 'Bilder',
  description: 'Beschreibung',
  features: 'Merkmale',
  brand: 'Marke',
  puffCount: 'Züge',
  nicotineStrength: 'Nikotinstärke',
  nicotineMgPerMl: 'Nikotin (mg/ml)',
  nicotineWarning: 'Warnhinweis',
  productType: 'Produktart',
  liquidVolumeMl: 'Liquid (ml)',
  batteryMah: 'Akku (mAh)',
  coil: 'Coil',
  durabilityGuaranteeYears: 'Haltbarkeitsgarantie (Jahre)',
  shippingWeightGrams: 'Versandgewicht (g)',
  sku: 'Artikelnummer',
  gtin: 'GTIN',
  sellableUntil: 'Verkaufsende',
};

export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  disposable: 'Einweg-E-Zigarette',
  'prefilled-pod': 'Vorbefüllter Pod',
  'refillable-device': 'Nachfüllbares Gerät',
  liquid: 'Liquid',
  accessory: 'Zubehör',
};
