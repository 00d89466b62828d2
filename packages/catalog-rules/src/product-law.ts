import type { ProductType } from '@shop/contracts';
import { formatIsoDate } from '@shop/format';

/** Official warning for nicotine-containing e-cigarettes (TPD Art. 20, § 27 TabakerzV). */
export const NICOTINE_WARNING = 'Dieses Produkt enthält Nikotin: einem Stoff, der sehr stark abhängig macht.';
/** § 14 Abs. 1 TabakerzG: most nicotine per ml of liquid. */
export const MAX_NICOTINE_MG_PER_ML = 20;
/** § 14 Abs. 1 TabakerzG: most liquid in a disposable or cartridge (ml). */
export const MAX_DISPOSABLE_LIQUID_ML = 2;
/** § 14 Abs. 1 TabakerzG: most liquid in a refill container (ml). */
export const MAX_REFILL_LIQUID_ML = 10;
/** Customs' rule of thumb (legal-de 2.2): a lawful 2 ml disposable gives at most about this many puffs. */
export const PLAUSIBLE_DISPOSABLE_PUFFS = 800;

/** The product fields the checks read. */
export interface ProductLawFacts {
  productType: ProductType;
  nicotineMgPerMl: number;
  liquidVolumeMl: number | null;
  puffCount: number;
  nicotineWarning: string;
  /** Last day the product may be sold (ISO date 'YYYY-MM-DD'), e.g. the battery rule of 18.02.2027; null when open. */
  sellableUntil: string | null;
}

/** One reason a product may not be lawful to sell, with a stable code and a German text for staff. */
export interface ProductLawIssue {
  code: 'nicotine-limit' | 'liquid-limit' | 'liquid-missing' | 'puff-claim' | 'warning-missing' | 'sale-ended';
  message: string;
}

const HOLDS_LIQUID: ReadonlySet<ProductType> = new Set(['disposable', 'prefilled-pod']);

/**
 * Product-law checks on save (legal-de section 0 item 7, 2.1–2.3, 2.10): nicotine at most
 * 20 mg/ml, disposables and pods at most 2 ml, refill bottles at most 10 ml, a disposable claiming
 * more than ~800 puffs, the German nicotine warning, and a passed `sellableUntil` date (compared
 * with `today`, 'YYYY-MM-DD' in Europe/Berlin). An empty list means no objection was found.
 */
export function productLawIssues(product: ProductLawFacts, today: string): ProductLawIssue[] {
  const issues: ProductLawIssue[] = [];
  if (product.nicotineMgPerMl > MAX_NICOTINE_MG_PER_ML)
    issues.push({ code: 'nicotine-limit', message: `Nikotingehalt über ${MAX_NICOTINE_MG_PER_ML} mg/ml (§ 14 Abs. 1 TabakerzG).` });
  if (HOLDS_LIQUID.has(product.productType)) {
    if (product.liquidVolumeMl === null)
      issues.push({ code: 'liquid-missing', message: 'Liquid-Füllmenge fehlt: die Grenze von 2 ml ist nicht prüfbar.' });
    else if (product.liquidVolumeMl > MAX_DISPOSABLE_LIQUID_ML)
      issues.push({
        code: 'liquid-limit',
        message: `Liquid-Füllmenge über ${MAX_DISPOSABLE_LIQUID_ML} ml (§ 14 Abs. 1 TabakerzG).`,
      });
  }
  if (product.productType === 'liquid' && product.liquidVolumeMl !== null && product.liquidVolumeMl > MAX_REFILL_LIQUID_ML)
    issues.push({ code: 'liquid-limit', message: `Nachfüllbehälter über ${MAX_REFILL_LIQUID_ML} ml (§ 14 Abs. 1 TabakerzG).` });
  if (product.productType === 'disposable' && product.puffCount > PLAUSIBLE_DISPOSABLE_PUFFS)
    issues.push({
      code: 'puff-claim',
      message: `Mehr als ${PLAUSIBLE_DISPOSABLE_PUFFS} Züge angegeben: mit 2 ml Liquid nicht erreichbar (Zoll, Einstufung als nicht verkehrsfähig).`,
    });
  if (product.nicotineMgPerMl > 0 && product.nicotineWarning.trim() !== NICOTINE_WARNING)
    issues.push({ code: 'warning-missing', message: 'Der gesetzliche Warnhinweis fehlt oder weicht ab (§ 27 TabakerzV).' });
  if (product.sellableUntil !== null && product.sellableUntil < today)
    issues.push({ code: 'sale-ended', message: `Verkaufsende am ${formatIsoDate(product.sellableUntil)} überschritten.` });
  return issues;
}
