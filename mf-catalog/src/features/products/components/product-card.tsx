import { Link } from 'react-router-dom';
import type { Product } from '@shop/contracts';
import { batteryMahForPuffCount, isSoldOut, productLink } from '@shop/catalog-rules';
import { formatInteger } from '@shop/format';
import { PriceTag } from './price-tag';
import { ProductImage } from './product-image';
import { useAddToCart } from '../add-to-cart';
import { DemoBadge } from './demo-badge';

/**
 * Product card (spec §2): image, name, price with sale badge and percent, battery and
 * nicotine, buy button with busy state or 'Ausverkauft' (spec §4 stock rule). No rating is
 * shown: there are no real reviews yet (issue #3 forbids invented ones).
 */
export function ProductCard({ product }: { product: Product }) {
  const { add, busy } = useAddToCart();
  const soldOut = isSoldOut(product);
  const href = productLink(product);
  return (
    <article className="product-card" data-testid="product-card">
      <Link to={href} className="product-card__image" tabIndex={-1} aria-hidden="true">
        <ProductImage src={product.images[0]} alt="" />
        {product.salePrice && <span className="product-card__badge">SALE</span>}
        <DemoBadge isDemo={product.isDemo} />
      </Link>
      <div className="product-card__body">
        <h3 className="product-card__name">
          <Link to={href}>{product.name}</Link>
        </h3>
        <PriceTag price={product.price} salePrice={product.salePrice} />
        <p className="product-card__facts">
          {formatInteger(product.puffCount)} Züge · Akku {product.batteryMah ?? batteryMahForPuffCount(product.puffCount)} mAh · 2 % Nikotin
        </p>
        {soldOut ? (
          <button type="button" className="shop-button shop-button--secondary product-card__buy" disabled>
            Ausverkauft
          </button>
        ) : (
          <button type="button" className="shop-button shop-button--primary product-card__buy" disabled={busy} onClick={() => void add(product.id, 1)}>
            {busy ? 'Wird hinzugefügt...' : 'In den Warenkorb'}
          </button>
        )}
      </div>
    </article>
  );
}

/** Grid of product cards (2 columns on small screens, 4 on large; spec §9). */
export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
