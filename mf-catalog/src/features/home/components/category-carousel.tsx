import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { useInView } from 'react-intersection-observer';
import type { CategoryDefinition } from '@shop/contracts';
import { ProductCard, ProductCardSkeleton } from '../../../components/product-card';
import { LoadError } from '../../../components/load-error';
import { useQuery } from '@tanstack/react-query';
import { catalogQueries } from '../../../api/catalog-queries';
import { href } from '@shop/routes';

/** Scroll step of the arrows in px (spec §9). */
export const CAROUSEL_STEP_PX = 280;
/** Products per carousel (spec §2 'Home'). */
export const CAROUSEL_SIZE = 8;

/** The products a carousel shows: its puff count (shisha: its category), at most CAROUSEL_SIZE. */
export function carouselQuery(category: CategoryDefinition) {
  return category.line === 'shisha'
    ? { categoryId: category.id, limit: CAROUSEL_SIZE }
    : { puffCount: category.puffCount, categoryId: category.id, limit: CAROUSEL_SIZE };
}

/** How far below the viewport a carousel starts loading its products (px, as a rootMargin). */
const LOAD_AHEAD = '600px 0px';

/**
 * One horizontally scrollable carousel per category (spec §2 'Home'): up to 8 products whose
 * puff count matches (shisha by categoryId), arrows moving 280 px, a link to the whole
 * category, and the spec's empty texts. Unless `eager`, the products are requested and
 * rendered only when the carousel comes near the viewport (nine carousels at once kept a
 * phone's main thread busy on first load; docs/performance.md).
 */
export function CategoryCarousel({
  category,
  first = false,
  eager = false,
}: {
  category: CategoryDefinition;
  /** The first carousel: its first image loads with priority. */
  first?: boolean;
  /** Load at once (carousels in the first viewport). */
  eager?: boolean;
}) {
  const query = carouselQuery(category);
  const { ref, inView } = useInView({ rootMargin: LOAD_AHEAD, triggerOnce: true, skip: eager, initialInView: eager });
  const { data, isPending, isError, refetch } = useQuery({ ...catalogQueries.products(query), enabled: eager || inView });
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior: 'smooth' });
  const headingId = `carousel-${category.slug}`;

  return (
    <section ref={ref} className="catalog-carousel" aria-labelledby={headingId} data-testid={`carousel-${category.slug}`}>
      <div className="catalog-carousel__header">
        <h2 id={headingId}>{category.name}</h2>
        <Link to={href('/kategorien/:category', { category: category.slug })}>Alle {category.name} ansehen</Link>
        {/* Beside the heading, not over the cards (the '‹' covered the first one); touch screens swipe instead. */}
        {!!data?.products.length && (
          <div className="catalog-carousel__arrows">
            <button
              type="button"
              className="catalog-carousel__arrow"
              aria-label={`${category.name}: zurückblättern`}
              onClick={() => scroll(-1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="catalog-carousel__arrow"
              aria-label={`${category.name}: weiterblättern`}
              onClick={() => scroll(1)}
            >
              ›
            </button>
          </div>
        )}
      </div>
      {isPending ? (
        <ul className="catalog-carousel__track" aria-busy="true" aria-label="Produkte werden geladen…">
          {Array.from({ length: 4 }, (_, index) => (
            <li key={index} className="catalog-carousel__item">
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <LoadError message="Die Produkte konnten nicht geladen werden." onRetry={() => void refetch()} />
      ) : data.products.length === 0 ? (
        <p className="catalog-carousel__empty">
          {category.line === 'shisha' ? 'Neue Shisha 10000 Produkte kommen bald!' : 'Keine Produkte in dieser Kategorie gefunden'}
        </p>
      ) : (
        <ul className="catalog-carousel__track" ref={track}>
          {data.products.map((product, index) => (
            <li key={product.id} className="catalog-carousel__item">
              <ProductCard product={product} priority={first && index === 0} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
