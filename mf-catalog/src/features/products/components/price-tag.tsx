import { discountPercent } from '@shop/catalog-rules';
import { decimalToCents, formatEur } from '@shop/format';

/** Sale price, struck-through regular price and the saved percent (spec §2, §9). */
export function PriceTag({ price, salePrice, size = 'normal' }: { price: string; salePrice: string | null; size?: 'normal' | 'large' }) {
  const regularCents = decimalToCents(price);
  const saleCents = salePrice ? decimalToCents(salePrice) : null;
  const percent = discountPercent(regularCents, saleCents);
  return (
    <p className={`price-tag price-tag--${size}`}>
      <span className="price-tag__current">{formatEur(saleCents ?? regularCents)}</span>
      {percent !== null && (
        <>
          <s className="price-tag__regular">
            <span className="shop-visually-hidden">statt </span>
            {formatEur(regularCents)}
          </s>
          <span className="price-tag__saving">−{percent} %</span>
        </>
      )}
    </p>
  );
}
