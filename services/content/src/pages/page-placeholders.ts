import {
  COD_DELIVERY_PROMISE,
  DELIVERY_PROMISE,
  FREE_SHIPPING_MIN_ITEMS,
  SHIPPING_COST_CENTS,
  SHIPPING_METHOD_LABEL,
  VAT_RATE_PERCENT,
  type PresentationMode,
} from '@shop/contracts';
import { formatEur } from '@shop/format';
import { OPERATOR_FIELDS, operatorDetails, type OperatorField } from './operator-settings';

/**
 * The shop's own figures a page text names: the same constants the cart computes with, so a page
 * cannot drift from the checkout, even after staff edited it.
 */
const SHOP_FIGURES = {
  SHOP_SHIPPING_COST: { label: 'Versandkosten', value: formatEur(SHIPPING_COST_CENTS) },
  SHOP_FREE_SHIPPING_MIN_ITEMS: { label: 'Versandkostenfrei ab (Produkte)', value: String(FREE_SHIPPING_MIN_ITEMS) },
  SHOP_PAID_SHIPPING_MAX_ITEMS: { label: 'Versandkosten bis (Produkte)', value: String(FREE_SHIPPING_MIN_ITEMS - 1) },
  SHOP_SHIPPING_METHOD: { label: 'Versandart', value: SHIPPING_METHOD_LABEL },
  SHOP_DELIVERY_PROMISE: { label: 'Versand- und Lieferzeit', value: DELIVERY_PROMISE },
  SHOP_COD_DELIVERY_PROMISE: { label: 'Versand- und Lieferzeit bei Nachnahme', value: COD_DELIVERY_PROMISE },
  SHOP_VAT_RATE: { label: 'Mehrwertsteuersatz (%)', value: String(VAT_RATE_PERCENT) },
} as const;
type ShopFigure = keyof typeof SHOP_FIGURES;

/**
 * How the shop presents its products, in the words of the 'Über uns' page, by the operator's
 * presentation mode (docs/decisions/factual-presentation-mode.md): 'without advertising promises'
 * only while the storefront shows no offers, SALE tags or reductions.
 */
const PRESENTATION_NOTES: Record<PresentationMode, string> = {
  factual:
    '**Sachliche Information:** Auf den Produktseiten und im [Ratgeber](/randm-tornado-vape-blog) finden Sie die technischen Daten, den Nikotingehalt und den gesetzlichen Warnhinweis, ohne Werbeversprechen.',
  marketing:
    '**Klare Information:** Auf den Produktseiten und im [Ratgeber](/randm-tornado-vape-blog) finden Sie die technischen Daten, den Nikotingehalt und den gesetzlichen Warnhinweis. Angebote und reduzierte Preise kennzeichnen wir als solche, mit dem niedrigsten Preis der letzten 30 Tage.',
};
const PRESENTATION_NOTE = {
  SHOP_PRESENTATION_NOTE: { label: 'Hinweis zur Darstellung (folgt der Shop-Einstellung sachlich oder werbend)' },
} as const;
type PlaceholderName = OperatorField | ShopFigure | keyof typeof PRESENTATION_NOTE;

/** What a page template is filled with: the operator's details (or marked gaps) and the shop's figures. */
export type PageValues = Record<PlaceholderName, string>;

const NAMES = [...Object.keys(OPERATOR_FIELDS), ...Object.keys(SHOP_FIGURES), ...Object.keys(PRESENTATION_NOTE)] as PlaceholderName[];
const TOKEN_PATTERN = /\{\{\s*([A-Z_]+)\s*\}\}/g;

/** Every placeholder staff may write in a page text, as `{{NAME}}`, with its German label (the editor lists them). */
export const PAGE_PLACEHOLDERS: ReadonlyArray<{ token: string; label: string }> = [
  ...(Object.entries(OPERATOR_FIELDS) as Array<[OperatorField, string]>)
    // The dispute-resolution choice is written out as a sentence in the templates, not as a value.
    .filter(([name]) => name !== 'OPERATOR_DISPUTE_RESOLUTION')
    .map(([name, label]) => ({ token: `{{${name}}}`, label })),
  ...(Object.entries({ ...SHOP_FIGURES, ...PRESENTATION_NOTE }) as Array<[ShopFigure, { label: string }]>).map(([name, figure]) => ({
    token: `{{${name}}}`,
    label: figure.label,
  })),
];

/**
 * The values pages are shown with: operator settings from the environment (gaps marked), the
 * shop's figures and the presentation note of `mode`.
 */
export function pageValues(env: Partial<Record<OperatorField, string | undefined>>, mode: PresentationMode): PageValues {
  const figures = Object.fromEntries(Object.entries(SHOP_FIGURES).map(([name, figure]) => [name, figure.value]));
  return { ...operatorDetails(env), ...figures, SHOP_PRESENTATION_NOTE: PRESENTATION_NOTES[mode] } as PageValues;
}

/**
 * The values that turn a code template into the editable text: each detail becomes its
 * `{{NAME}}` placeholder, so a later change of the settings still shows on an edited page. The
 * dispute-resolution choice stays resolved: the templates write a different sentence for each.
 */
export function placeholderValues(values: PageValues): PageValues {
  const tokens = Object.fromEntries(NAMES.map((name) => [name, `{{${name}}}`])) as PageValues;
  return { ...tokens, OPERATOR_DISPUTE_RESOLUTION: values.OPERATOR_DISPUTE_RESOLUTION };
}

/** A text with its `{{NAME}}` placeholders replaced by `values` (unknown ones are left as written). */
export function fillPlaceholders(text: string, values: PageValues): string {
  return text.replace(TOKEN_PATTERN, (token, name: string) => (name in values ? values[name as PlaceholderName] : token));
}

/** The placeholders in a text that do not exist (a typing error would otherwise show on the page). */
export function unknownPlaceholders(text: string): string[] {
  const allowed = new Set(PAGE_PLACEHOLDERS.map((placeholder) => placeholder.token.slice(2, -2)));
  return [...new Set([...text.matchAll(TOKEN_PATTERN)].map((match) => match[1]!).filter((name) => !allowed.has(name)))];
}
