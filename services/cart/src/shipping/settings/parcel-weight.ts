import type { OrderLineRecord } from '../../orders/order.model';
import type { StoredShippingSettings } from './shipping-settings';

/**
 * An order's parcel weight for its DHL label, in whole grams: packaging + Σ quantity × (the line's
 * own weight at placement ?? its category's default ?? the settings' `defaultItemGrams`).
 * @returns `grams`, or null with `missing` naming (product name as ordered) every line that has no
 *   weight by any of the three, so staff type one in. A sum above DHL's 31.5 kg is returned as it
 *   is: `shipmentFor` refuses it with its German message.
 */
export function parcelWeight(items: OrderLineRecord[], settings: StoredShippingSettings): { grams: number | null; missing: string[] } {
  const byCategory = new Map(settings.categoryItemGrams.map(({ category, grams }) => [category.toLowerCase(), grams]));
  let grams = settings.packagingGrams;
  const missing: string[] = [];
  for (const line of items) {
    const piece =
      line.shippingWeightGrams ?? (line.category ? byCategory.get(line.category.toLowerCase()) : undefined) ?? settings.defaultItemGrams;
    if (piece == null) missing.push(line.name);
    else grams += line.quantity * piece;
  }
  return missing.length > 0 ? { grams: null, missing } : { grams, missing };
}
