import { Button } from '@shop/ui';
import { ActionForm, useAddToCart, useFactualMode, useReviewsEnabled } from '@shop/shell-api';
import { Link } from 'react-router-dom';
import { CART_FORM_ACTIONS, type Product } from '@shop/contracts';
import { isSoldOut, productKeyFacts, productLink } from '@shop/catalog-rules';
import { PriceTag } from './price-tag';
import { ProductImage } from './product-image';
import { DemoBadge } from './demo-badge';
import { WishlistHeart } from './wishlist-heart';
import { RatingStars } from './rating-stars';

/**
 * Product card (spec §2): image with the wishlist heart, name, price with sale badge and percent, battery and
 * nicotine, buy button (a form: CART_FORM_ACTIONS.add) with busy state or 'Ausverkauft' (spec §4 stock rule). The rating only
 * from approved reviews of verified buyers while reviews are switched on, never invented.
 */
/** Card image slot: a quarter of the 80rem container on large screens, half the width on phones, 16rem in carousels. */
const CARD_IMAGE_SIZES = '(min-width: 64rem) 18rem, (min-width: 40rem) 30vw, 48vw';

export function ProductCard({
  product,
  priority = false,
}: {
  product: Product;
  /** The page's first visible card: its image loads first (LCP). */ priority?: boolean;
}) {
  const { add, busy } = useAddToCart();
  // No SALE badge in the factual presentation mode (§ 19 TabakerzG).
  const factual = useFactualMode();
  const rating = useReviewsEnabled() ? product.rating : null;
  const soldOut = isSoldOut(product);
  const href = productLink(product);
  return (
    <article className="catalog-product-card" data-testid="product-card">
      <div className="catalog-product-card__media">
        <Link to={href} className="catalog-product-card__image" tabIndex={-1} aria-hidden="true">
          <ProductImage src={product.images[0]} alt="" sizes={CARD_IMAGE_SIZES} priority={priority} />
          <span className="catalog-product-card__badges">
            {product.referencePrice && !factual && <span className="catalog-product-card__badge">SALE</span>}
            <DemoBadge isDemo={product.isDemo} />
          </span>
        </Link>
        <WishlistHeart productId={product.id} productName={product.name} className="catalog-product-card__heart" />
      </div>
      <div className="catalog-product-card__body">
        <h3 className="catalog-product-card__name">
          <Link to={href}>{product.name}</Link>
        </h3>
        {rating && <RatingStars value={rating.average} count={rating.count} />}
        <PriceTag product={product} />
        <p className="catalog-product-card__facts">{productKeyFacts(product).join(' · ')}</p>
        {soldOut ? (
          <Button variant="secondary" className="catalog-product-card__buy" disabled>
            Ausverkauft
          </Button>
        ) : (
          // A form of the cart service: works before the JavaScript has loaded and without it.
          <ActionForm className="catalog-product-card__buy-form" action={CART_FORM_ACTIONS.add} onAction={() => void add(product.id, 1)}>
            <input type="hidden" name="productId" value={product.id} />
            <Button type="submit" className="catalog-product-card__buy" disabled={busy}>
              {busy ? 'Wird hinzugefügt...' : 'In den Warenkorb'}
            </Button>
          </ActionForm>
        )}
      </div>
    </article>
  );
}

/** Stand-in with a card's final size while products load (no layout shift when they arrive). */
export function ProductCardSkeleton() {
  return (
    <div className="catalog-product-card catalog-product-card--skeleton" aria-hidden="true">
      <div className="catalog-skeleton catalog-skeleton--image" />
      <div className="catalog-product-card__body">
        <div className="catalog-skeleton catalog-skeleton--line" />
        <div className="catalog-skeleton catalog-skeleton--line catalog-skeleton--short" />
        <div className="catalog-skeleton catalog-skeleton--button" />
      </div>
    </div>
  );
}

/** Placeholder grid of `count` card skeletons. */
export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <ul className="catalog-product-grid" aria-busy="true" aria-label="Produkte werden geladen…">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

/**
 * Grid of product cards (2 columns on small screens, 4 on large; spec §9). `priorityFirst`: the
 * grid is the page's main content (a listing), so its first image is the LCP candidate and loads
 * first; a grid below other content (related products) must not compete with that page's image.
 */
export function ProductGrid({ products, priorityFirst = false }: { products: Product[]; priorityFirst?: boolean }) {
  return (
    <ul className="catalog-product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={priorityFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}
