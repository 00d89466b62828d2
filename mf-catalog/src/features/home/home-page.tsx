import { Link } from 'react-router-dom';
import { CATEGORY_DEFINITIONS } from '@shop/contracts';
import { discountPercent, FALLBACK_META_DESCRIPTION } from '@shop/catalog-rules';
import { decimalToCents } from '@shop/format';
import { useSeo } from '@shop/shell-api';
import { CategoryShortcuts } from './components/category-shortcuts';
import { CategoryCarousel } from './components/category-carousel';
import { TrustBanner } from './components/trust-banner';
import { SeoGuide } from './components/seo-guide';
import { useCategories } from '../products/hooks';

/** Carousels of spec §2 'Home': 7000, 9000, shisha 10000, 12000 … 35000. */
const CAROUSEL_IDS = ['cat-tornado-7000', 'cat-tornado-9000', 'cat-shisha-10000', 'cat-tornado-12000', 'cat-tornado-15000', 'cat-tornado-20000', 'cat-tornado-25000', 'cat-tornado-30000', 'cat-tornado-35000'];

/** Largest real category discount, for the offer banner (no invented 'up to 70 %'). */
function useBestDiscount(): number | null {
  const { data } = useCategories();
  if (!data?.length) return null;
  const best = Math.max(...data.map((c) => c.discountPercentage ?? discountPercent(decimalToCents(c.originalPrice), decimalToCents(c.salePrice)) ?? 0));
  return best > 0 ? best : null;
}

export function HomePage() {
  useSeo({ title: 'RandM Tornado Einweg-Vapes kaufen', description: FALLBACK_META_DESCRIPTION });
  const bestDiscount = useBestDiscount();
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        {bestDiscount !== null && <p className="hero__offer">Bis zu {bestDiscount} % reduziert</p>}
        <h1 id="hero-title">RandM Tornado Einweg-Vapes</h1>
        <p>Alle Modelle von 7.000 bis 40.000 Zügen und die RandM Shisha 10000. Kostenloser Versand ab 4 Produkten.</p>
        <div className="hero__actions">
          <Link className="shop-button shop-button--primary" to="/randm-tornado-vape-alle-produkte">
            Alle Produkte
          </Link>
          <Link className="shop-button shop-button--secondary" to="/kategorien">
            Kategorien
          </Link>
        </div>
      </section>
      <CategoryShortcuts />
      {CAROUSEL_IDS.map((id) => (
        <CategoryCarousel key={id} category={CATEGORY_DEFINITIONS.find((c) => c.id === id)!} />
      ))}
      <TrustBanner />
      <SeoGuide />
    </div>
  );
}
