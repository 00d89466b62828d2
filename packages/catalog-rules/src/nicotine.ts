import { formatDecimal, formatPercent } from '@shop/format';

/**
 * The nicotine content as shoppers read it, from the product's mg/ml: the percentage (10 mg/ml
 * is 1 %, as the trade writes it) and the mg/ml in German notation: 20 → '2 % (20 mg/ml)',
 * 17 → '1,7 % (17 mg/ml)', 0 → '0 % (0 mg/ml)'.
 */
export function nicotineStrengthText(mgPerMl: number): string {
  return `${formatPercent(mgPerMl / 10)} (${formatDecimal(mgPerMl)} mg/ml)`;
}

/** The nicotine chip of the product page and card (spec §2 '2 % Nikotin (20 mg/ml)'), from the product's mg/ml. */
export function nicotineLabel(mgPerMl: number): string {
  return `${formatPercent(mgPerMl / 10)} Nikotin (${formatDecimal(mgPerMl)} mg/ml)`;
}

/** One disagreement between a product's nicotine fields: the field staff must correct and a German text. */
export interface NicotineFieldIssue {
  field: 'nicotineStrength' | 'nicotineWarning';
  message: string;
}

/** Percent and mg/ml values written in a displayed strength ('2%', '1,7 % (17 mg/ml)', '20 mg/ml'), all in mg/ml. */
function statedMgPerMl(text: string): number[] {
  return [...text.matchAll(/(\d+(?:[.,]\d+)?)\s*(%|mg\s*\/\s*ml)/gi)].map(([, value, unit]) => {
    const number = Number(value!.replace(',', '.'));
    return unit === '%' ? number * 10 : number;
  });
}

/**
 * The nicotine rule of the product editor: the strength shown to shoppers (`nicotineStrength`,
 * e.g. in the meta description and the cart) names the same content as `nicotineMgPerMl`, and
 * the warning agrees with it: a product with nicotine carries the warning of § 27 TabakerzV (a
 * missing one is a product-law objection, productLawIssues), a nicotine-free one carries none
 * (it would tell buyers it contains nicotine; the product stays for adults only, § 10 JuSchG).
 * An empty list means the fields agree.
 */
export function nicotineFieldIssues(product: {
  nicotineMgPerMl: number;
  nicotineStrength: string;
  nicotineWarning: string;
}): NicotineFieldIssue[] {
  const issues: NicotineFieldIssue[] = [];
  const mg = product.nicotineMgPerMl;
  const stated = statedMgPerMl(product.nicotineStrength);
  const nicotineFree = mg === 0 && /nikotinfrei/i.test(product.nicotineStrength);
  if ((!stated.length && !nicotineFree) || stated.some((value) => Math.abs(value - mg) > 1e-9))
    issues.push({
      field: 'nicotineStrength',
      message: `Die Nikotinstärke muss zum Nikotingehalt von ${formatDecimal(mg)} mg/ml passen, z. B. „${nicotineStrengthText(mg)}“.`,
    });
  if (mg === 0 && product.nicotineWarning.trim() !== '')
    issues.push({
      field: 'nicotineWarning',
      message: 'Ein nikotinfreies Produkt trägt keinen Nikotin-Warnhinweis: bitte leer lassen (Verkauf trotzdem nur ab 18 Jahren).',
    });
  return issues;
}
