import { discountPercent, REFERENCE_PRICE_LABEL } from '@shop/catalog-rules';
import { decimalToCents, formatEur } from '@shop/format';
import { useFactualMode } from '@shop/shell-api';

/**
 * Price display: the current price and, when reduced, the saved percent and the struck-through
 * reference price with its label. The catalog sends a reference only when it is the lowest price
 * of the 30 days before the reduction (§ 11 PAngV), so nothing else is ever struck through.
 * `prefix` e.g. 'ab' for category prices. In the factual presentation mode (§ 19 TabakerzG)
 * only the current price: no saving, no struck-through price.
 */
export function PriceDisplay({
  currentCents,
  referenceCents,
  prefix,
  size = 'normal',
}: {
  currentCents: number;
  referenceCents: number | null;
  prefix?: string;
  size?: 'normal' | 'large';
}) {
  const factual = useFactualMode();
  const percent = referenceCents === null || factual ? null : discountPercent(referenceCents, currentCents);
  return (
    <div className={`catalog-price-tag catalog-price-tag--${size}`}>
      <p className="catalog-price-tag__line">
        <span className="catalog-price-tag__current">
          {prefix ? `${prefix} ` : ''}
          {formatEur(currentCents)}
        </span>
        {percent !== null && <span className="catalog-price-tag__saving">−{percent} %</span>}
      </p>
      {percent !== null && referenceCents !== null && (
        <p className="catalog-price-tag__reference">
          {REFERENCE_PRICE_LABEL}: <s>{formatEur(referenceCents)}</s>
        </p>
      )}
    </div>
  );
}

/** A product's price from the API's two-decimal strings (`referencePrice`: see PriceDisplay). */
export function PriceTag({
  product,
  size = 'normal',
}: {
  product: { price: string; salePrice: string | null; referencePrice: string | null };
  size?: 'normal' | 'large';
}) {
  return (
    <PriceDisplay
      currentCents={decimalToCents(product.salePrice ?? product.price)}
      referenceCents={product.referencePrice ? decimalToCents(product.referencePrice) : null}
      size={size}
    />
  );
}
