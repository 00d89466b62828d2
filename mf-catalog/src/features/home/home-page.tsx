import { buttonClass } from '@shop/ui';
import { Link } from 'react-router-dom';
import { CATEGORY_DEFINITIONS } from '@shop/contracts';
import { FALLBACK_META_DESCRIPTION } from '@shop/catalog-rules';
import { StaticHtml, useFactualMode, useReviewsEnabled, useSeo } from '@shop/shell-api';
import { CategoryShortcuts } from './components/category-shortcuts';
import { CategoryCarousel } from './components/category-carousel';
import { TrustBanner } from './components/trust-banner';
import { SeoGuide } from './components/seo-guide';
import { useQuery } from '@tanstack/react-query';
import { catalogQueries } from '../../api/catalog-queries';
import { bestCategoryDiscount } from '../../lib/category-discount';
import { LatestReviews } from './components/latest-reviews';
import { CAROUSEL_IDS } from '../../lib/home-categories';

/** Carousels in a phone's first viewport: their products load at once (and on the server). */
export const EAGER_CAROUSELS = 2;

export function HomePage() {
  useSeo({ title: 'RandM Tornado Einweg-Vapes kaufen', description: FALLBACK_META_DESCRIPTION });
  // Largest real category discount (no invented 'up to 70 %'); none in the factual presentation
  // mode (§ 19 TabakerzG), which names prices and delivery facts instead.
  const factual = useFactualMode();
  // Testimonials only from approved reviews, only while reviews are on, never in the factual presentation.
  const testimonials = useReviewsEnabled() && !factual;
  const bestDiscount = bestCategoryDiscount(useQuery(catalogQueries.categories()).data);
  return (
    <div className="home">
      <section className="catalog-hero" aria-labelledby="hero-title">
        {/* The line keeps its space while the categories load, so the hero does not jump. */}
        {factual ? (
          <p className="catalog-hero__facts">Preise inkl. 19 % MwSt. · Abgabe nur an Erwachsene mit Altersprüfung</p>
        ) : (
          <p
            className={`catalog-hero__offer${bestDiscount === null ? ' catalog-hero__offer--pending' : ''}`}
            aria-hidden={bestDiscount === null}
          >
            {bestDiscount !== null ? `Bis zu ${bestDiscount} % reduziert` : '\u00a0'}
          </p>
        )}
        <h1 id="hero-title">RandM Tornado Einweg-Vapes</h1>
        <p>Alle Modelle von 7.000 bis 40.000 Zügen und die RandM Shisha 10000. Kostenloser Versand ab 4 Produkten.</p>
        <div className="catalog-hero__actions">
          <Link className={buttonClass('primary')} to="/randm-tornado-vape-alle-produkte">
            Alle Produkte
          </Link>
          <Link className={buttonClass('secondary')} to="/kategorien">
            Kategorien
          </Link>
        </div>
      </section>
      <CategoryShortcuts />
      {CAROUSEL_IDS.map((id, index) => (
        <CategoryCarousel
          key={id}
          category={CATEGORY_DEFINITIONS.find((c) => c.id === id)!}
          first={index === 0}
          eager={index < EAGER_CAROUSELS}
        />
      ))}
      {testimonials && <LatestReviews />}
      {/* Text and links only: kept as the server's HTML, without hydration work (drawn anew when the presentation mode changes). */}
      <StaticHtml key={factual ? 'factual' : 'full'}>
        <TrustBanner />
        <SeoGuide />
      </StaticHtml>
    </div>
  );
}
