import { discountPercent } from '@shop/catalog-rules';
import { decimalToCents, formatEur } from '@shop/format';

/**
 * Price display: current price, and when reduced the struck-through regular price and the
 * saved percent (spec §2, §9). `prefix` e.g. 'ab' for category prices.
 */
export function PriceDisplay({
  currentCents,
  regularCents,
  percent,
  prefix,
  size = 'normal',
}: {
  currentCents: number;
  regularCents: number;
  percent: number | null;
  prefix?: string;
  size?: 'normal' | 'large';
}) {
  return (
    <p className={`catalog-price-tag catalog-price-tag--${size}`}>
      <span className="catalog-price-tag__current">
        {prefix ? `${prefix} ` : ''}
        {formatEur(currentCents)}
      </span>
      {percent !== null ? (
        <>
          <s className="catalog-price-tag__regular">
            <span className="shop-visually-hidden">statt </span>
            {formatEur(regularCents)}
          </s>
          <span className="catalog-price-tag__saving">−{percent} %</span>
        </>
      ) : null}
    </p>
  );
}

/** A product's price from the API's two-decimal strings; the percent follows spec §9. */
export function PriceTag({ price, salePrice, size = 'normal' }: { price: string; salePrice: string | null; size?: 'normal' | 'large' }) {
  const regularCents = decimalToCents(price);
  const saleCents = salePrice ? decimalToCents(salePrice) : null;
  return (
    <PriceDisplay
      currentCents={saleCents ?? regularCents}
      regularCents={regularCents}
      percent={discountPercent(regularCents, saleCents)}
      size={size}
    />
  );
}
