import { LoadError } from '../../components/load-error';
import { Link } from 'react-router-dom';
import { Breadcrumb, Spinner, buttonClass } from '@shop/ui';
import { useFactualMode, useSeo } from '@shop/shell-api';
import { useQuery } from '@tanstack/react-query';
import { catalogQueries } from '../../api/catalog-queries';
import { bestCategoryDiscount, categoryPricing } from '../../lib/category-discount';
import { PriceDisplay } from '../../components/price-tag';
import { href } from '@shop/routes';

/**
 * Category overview (spec §2): breadcrumb, promo banner, one card per category with
 * struck-through original price, sale price, discount percent (given, or computed) and a link.
 */
export function CategoryOverviewPage() {
  useSeo({
    title: 'Alle Kategorien',
    description: 'Alle RandM-Modelle im Überblick: Tornado 7000 bis 40000 und Shisha 10000, mit Preisen.',
  });
  const { data, isPending, isError, refetch } = useQuery(catalogQueries.categories());
  // Factual presentation (§ 19 TabakerzG): shipping facts, no reduction claim.
  const bestDiscount = useFactualMode() ? null : bestCategoryDiscount(data);
  return (
    <section className="shop-page">
      <Breadcrumb
        items={[{ label: 'Home', href: '/' }, { label: 'Kategorien' }]}
        renderLink={(item) => <Link to={item.href}>{item.label}</Link>}
      />
      <h1>Kategorien</h1>
      <p className="catalog-offer-banner">
        Kostenloser Versand ab 4 Produkten{bestDiscount ? ` · bis zu ${bestDiscount} % reduziert` : ''}
      </p>
      {isPending ? (
        <Spinner label="Kategorien werden geladen…" />
      ) : isError ? (
        <LoadError message="Die Kategorien konnten nicht geladen werden." onRetry={() => void refetch()} />
      ) : (
        <ul className="catalog-category-cards">
          {data.map((category) => {
            const { originalCents: original, saleCents: sale, percent } = categoryPricing(category);
            return (
              <li key={category.id} className="catalog-category-card" data-testid="category-card">
                <h2>{category.name}</h2>
                <PriceDisplay currentCents={sale} referenceCents={percent ? original : null} prefix="ab" />
                <p>{category.productCount} Produkte</p>
                <Link
                  className={buttonClass('primary')}
                  to={href('/kategorien/:category', { category: category.slug })}
                  aria-label={`${category.name} ansehen`}
                >
                  Zum Shop
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <p className="catalog-category-overview__actions">
        <Link className={buttonClass('secondary')} to={href('/randm-tornado-vape-alle-produkte')}>
          Alle Produkte
        </Link>
        <Link className={buttonClass('secondary')} to="/kontakt">
          Kontakt
        </Link>
      </p>
    </section>
  );
}
