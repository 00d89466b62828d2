import { Fragment, useId, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, QuantityStepper, Button, buttonClass, DurabilityGuaranteeLabel, LegalGuaranteeNotice } from '@shop/ui';
import { lineQuantityLimit, lineQuantityMessage } from '@shop/cart-rules';
import { CART_FORM_ACTIONS, CATEGORY_DEFINITIONS, CATEGORY_FALLBACK_NAME, DELIVERY_PROMISE, type Product } from '@shop/contracts';
import { discountPercent, isSoldOut, productKeyFacts, productLink, productMetaDescription, productSpecs } from '@shop/catalog-rules';
import { decimalToCents, formatEur, formatInteger } from '@shop/format';
import { ActionForm, showToast, StaticHtml, useAddToCart, useFactualMode, useReviewsEnabled, useSeo, useShopConfig } from '@shop/shell-api';
import { HeartButton, useWishlistToggle, WishlistForm } from '../../components/wishlist-heart';
import { catalogQueries } from '../../api/catalog-queries';
import { PriceTag } from '../../components/price-tag';
import { ProductImage } from '../../components/product-image';
import { RelatedProducts } from './components/related-products';
import { DemoBadge } from '../../components/demo-badge';
import { RatingStars } from '../../components/rating-stars';
import { ProductReviews } from './components/product-reviews';
import { href } from '@shop/routes';

function ProductSkeleton() {
  return (
    <div className="catalog-product-detail catalog-product-detail--skeleton" aria-busy="true" aria-label="Produkt wird geladen">
      <div className="catalog-skeleton catalog-skeleton--image" />
      <div>
        <div className="catalog-skeleton catalog-skeleton--line" />
        <div className="catalog-skeleton catalog-skeleton--line" />
        <div className="catalog-skeleton catalog-skeleton--line catalog-skeleton--short" />
      </div>
    </div>
  );
}

function Gallery({ product }: { product: Product }) {
  const [selected, setSelected] = useState(0);
  const images = product.images.length ? product.images : [undefined];
  return (
    <div className="catalog-gallery">
      <div className="catalog-gallery__main">
        <ProductImage
          key={selected}
          src={images[selected]}
          alt={product.name}
          size={600}
          sizes="(min-width: 80rem) 38rem, (min-width: 56rem) 48vw, 100vw"
          priority
        />
      </div>
      {images.length > 1 && (
        <ul className="catalog-gallery__thumbs">
          {images.map((src, index) => (
            <li key={src ?? index}>
              <button
                type="button"
                aria-label={`Bild ${index + 1} anzeigen`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
              >
                <ProductImage src={src} alt="" size={80} sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The page's query parameter of the chosen quantity: the stepper's links before hydration and without JavaScript. */
const QUANTITY_PARAM = 'menge';

/** The quantity the page opens with: `?menge=N` within 1 and the line limit, else 1 (spec §4 'Product page'). */
function initialQuantity(param: string | null, max: number): number {
  const wanted = Number(param);
  return Number.isInteger(wanted) && wanted >= 1 ? Math.min(wanted, Math.max(1, max)) : 1;
}

/** This page's address with `quantity` chosen. */
function withQuantity(pathname: string, search: string, quantity: number): string {
  const params = new URLSearchParams(search);
  params.set(QUANTITY_PARAM, String(quantity));
  return `${pathname}?${params}`;
}

function ProductDetails({ product }: { product: Product }) {
  const { pathname, search } = useLocation();
  // The stepper stops where the cart would refuse: 99 per line, or the stock when lower.
  const maxQuantity = lineQuantityLimit(product);
  const [quantity, setQuantity] = useState(() => initialQuantity(new URLSearchParams(search).get(QUANTITY_PARAM), maxQuantity));
  const [tab, setTab] = useState<'description' | 'specs'>('description');
  const wishlist = useWishlistToggle(product.id);
  const heartFormId = `catalog-heart-${useId()}`;
  // Detail page toast of spec §8: 'Zum Warenkorb hinzugefügt' / '{name} wurde hinzugefügt.'
  const { add, busy } = useAddToCart(() =>
    showToast({
      title: 'Zum Warenkorb hinzugefügt',
      description: `${product.name} wurde hinzugefügt.`,
      variant: 'success',
      durationMs: 2000,
    }),
  );
  const soldOut = isSoldOut(product);
  // Factual presentation (§ 19 TabakerzG): no discount badge, no sales count.
  const factual = useFactualMode();
  // Reviews from verified buyers only while the operator has them switched on.
  const reviews = useReviewsEnabled();
  const unitCents = decimalToCents(product.salePrice ?? product.price);
  const percent = product.referencePrice && !factual ? discountPercent(decimalToCents(product.referencePrice), unitCents) : null;
  const categoryName = CATEGORY_DEFINITIONS.find((c) => c.id === product.categoryId)?.name ?? CATEGORY_FALLBACK_NAME;
  const { publicOrigin } = useShopConfig();
  useSeo({
    title: product.name,
    description: productMetaDescription(product),
    canonical: `${publicOrigin}${productLink(product)}`,
    ogImage: product.images[0] ? `${publicOrigin}${product.images[0]}` : undefined,
  });

  return (
    <>
      <Breadcrumb
        items={[
          { label: 'Home', href: '/' },
          { label: 'Kategorien', href: '/kategorien' },
          { label: categoryName, href: href('/kategorien/:category', { category: product.category }) },
          { label: product.name },
        ]}
        renderLink={(item) => <Link to={item.href}>{item.label}</Link>}
      />
      <div className="catalog-product-detail">
        <div className="catalog-product-detail__media">
          {percent !== null && <span className="catalog-product-detail__discount">−{percent} %</span>}
          <Gallery product={product} />
        </div>
        <div className="catalog-product-detail__info">
          <p className="catalog-product-detail__badges">
            {!factual && <span className="catalog-badge catalog-badge--original">Original</span>}
            <span className="catalog-product-detail__delivery">{DELIVERY_PROMISE}</span>
          </p>
          <h1>{product.name}</h1>
          {reviews && product.rating && (
            <a className="catalog-product-detail__rating" href="#bewertungen">
              <RatingStars value={product.rating.average} count={product.rating.count} />
            </a>
          )}
          <DemoBadge isDemo={product.isDemo} variant="notice" />
          <PriceTag product={product} size="large" />
          <p className="catalog-product-detail__vat">
            inkl. 19% MwSt., zzgl. <Link to="/versand">Versandkosten</Link>
          </p>
          <ul className="catalog-chips" aria-label="Eckdaten">
            {productKeyFacts(product).map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
          <p className={soldOut ? 'catalog-stock catalog-stock--out' : 'catalog-stock catalog-stock--in'} data-testid="stock-status">
            {soldOut ? 'Ausverkauft' : 'Auf Lager'}
          </p>
          {/* A form of the cart service (CART_FORM_ACTIONS.add): adding works before the JavaScript has loaded and without it. */}
          <ActionForm
            className="catalog-product-detail__purchase"
            action={CART_FORM_ACTIONS.add}
            onAction={() => void add(product.id, quantity)}
          >
            <input type="hidden" name="productId" value={product.id} />
            {!soldOut && (
              <div className="catalog-product-detail__stepper">
                <QuantityStepper
                  value={quantity}
                  onChange={setQuantity}
                  label="Menge"
                  max={maxQuantity}
                  fieldName="quantity"
                  hrefFor={(next) => withQuantity(pathname, search, next)}
                />
              </div>
            )}
            {!soldOut && quantity >= maxQuantity && <p className="catalog-product-detail__limit">{lineQuantityMessage(maxQuantity)}</p>}
            <div className="catalog-product-detail__buy">
              <Button type="submit" className="catalog-product-detail__add" disabled={soldOut || busy}>
                {soldOut ? 'Ausverkauft' : busy ? 'Wird hinzugefügt...' : `In den Warenkorb – ${formatEur(unitCents * quantity)}`}
              </Button>
              <HeartButton
                productId={product.id}
                productName={product.name}
                className="catalog-heart--outlined"
                busy={wishlist.busy}
                form={heartFormId}
              />
            </div>
          </ActionForm>
          {/* The heart sits in the purchase form's row; its own form stands here (forms do not nest). */}
          <WishlistForm id={heartFormId} productId={product.id} onToggle={wishlist.toggle} />
          <p className="catalog-product-detail__restriction">
            Abgabe nur an Erwachsene ab 18 Jahren · Versand nur innerhalb Deutschlands · Altersprüfung bei Zustellung
          </p>
          {product.salesCount > 0 && !factual && (
            <p className="catalog-product-detail__customers">{formatInteger(product.salesCount)}-mal verkauft</p>
          )}
          {/* The product's notices: text only, kept as the server's HTML without hydration work. */}
          <StaticHtml key={product.id}>
            {/* § 27 TabakerzV: nicotine-containing products only; a nicotine-free one has none (and is still sold to adults only). */}
            {product.nicotineWarning && (
              <p className="catalog-nicotine-warning" role="note">
                {product.nicotineWarning}
              </p>
            )}
            <DurabilityGuaranteeLabel years={product.durabilityGuaranteeYears} />
            {/* Before the order, prominently and in colour (Directive (EU) 2024/825; legal-de.md §4.16). */}
            <LegalGuaranteeNotice />
          </StaticHtml>
        </div>
      </div>
      <section className="catalog-tabs" aria-label="Produktinformationen">
        <div role="tablist" aria-label="Produktinformationen">
          <button
            type="button"
            role="tab"
            id="tab-description"
            aria-controls="panel-description"
            aria-selected={tab === 'description'}
            onClick={() => setTab('description')}
          >
            Beschreibung
          </button>
          <button
            type="button"
            role="tab"
            id="tab-specs"
            aria-controls="panel-specs"
            aria-selected={tab === 'specs'}
            onClick={() => setTab('specs')}
          >
            Technische Daten
          </button>
        </div>
        {tab === 'description' ? (
          <div role="tabpanel" id="panel-description" aria-labelledby="tab-description">
            {/* Staff-edited HTML, reduced to the rich-text allowlist by the catalog service on write and when served (@shop/rich-text). */}
            <div dangerouslySetInnerHTML={{ __html: product.description }} />
            <ul>
              {product.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </div>
        ) : (
          <div role="tabpanel" id="panel-specs" aria-labelledby="tab-specs">
            <dl className="catalog-specs">
              {productSpecs(product).map((spec) => (
                <Fragment key={spec.label}>
                  <dt>{spec.label}</dt>
                  <dd>{spec.value}</dd>
                </Fragment>
              ))}
            </dl>
          </div>
        )}
      </section>
      {reviews && <ProductReviews product={product} />}
      {/* Recommendations advertise further products: not in the factual presentation (§ 19 TabakerzG). */}
      {!factual && <RelatedProducts product={product} />}
    </>
  );
}

/** Missing product (spec §2 texts) or a failed load. */
function ProductUnavailable({ notFound }: { notFound: boolean }) {
  useSeo({ title: notFound ? 'Produkt nicht gefunden' : 'Fehler', robots: 'noindex, follow' });
  return (
    <section className="shop-page">
      <h1>{notFound ? 'Produkt nicht gefunden' : 'Fehler'}</h1>
      <p>
        {notFound
          ? 'Das angeforderte Produkt konnte nicht gefunden werden.'
          : 'Das Produkt konnte gerade nicht geladen werden. Bitte versuchen Sie es später erneut.'}
      </p>
      <Link className={buttonClass('primary')} to="/randm-tornado-vape-alle-produkte">
        Alle Produkte ansehen
      </Link>
    </section>
  );
}

/** Product detail for both route shapes (spec §2): /kategorien/{category}/{productSlug} and /produkt/{slug}. */
export function ProductDetailPage() {
  const { category, productSlug, slug } = useParams();
  const slugPath = category && productSlug ? `${category}/${productSlug}` : (slug ?? '');
  const { data, isPending, error } = useQuery(catalogQueries.product(slugPath));
  if (isPending) return <ProductSkeleton />;
  if (error) return <ProductUnavailable notFound={false} />;
  if (data === null) return <ProductUnavailable notFound />;
  return (
    <section className="shop-page">
      <ProductDetails product={data} />
    </section>
  );
}
