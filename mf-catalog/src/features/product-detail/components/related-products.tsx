import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { CATEGORY_DEFINITIONS, type Product } from '@shop/contracts';
import { Spinner } from '@shop/ui';
import { catalogQueries } from '../../../api/catalog-queries';
import { ProductGrid } from '../../../components/product-card';
import { href } from '@shop/routes';
import { BADGE_IDS } from '../../../lib/home-categories';

/** Related products (spec §9): at most 4, fresh 5 min, kept 10 min; link to the product's category. */
export function RelatedProducts({ product }: { product: Product }) {
  const { data, isPending, isError } = useQuery(catalogQueries.related(product.id));
  return (
    <section className="catalog-related" aria-labelledby="related-title">
      <div className="catalog-carousel__header">
        <h2 id="related-title">Das könnte Ihnen auch gefallen</h2>
        <Link to={href('/kategorien/:category', { category: product.category })}>Alle Produkte dieser Kategorie</Link>
      </div>
      <ul className="catalog-related__badges" aria-label="Weitere Kategorien">
        {BADGE_IDS.map((id) => {
          const category = CATEGORY_DEFINITIONS.find((c) => c.id === id)!;
          return (
            <li key={id}>
              <Link to={href('/kategorien/:category', { category: category.slug })} aria-label={category.name}>
                <span aria-hidden="true">{category.line === 'shisha' ? 'Shisha' : category.shortLabel}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {isPending ? (
        <Spinner label="Ähnliche Produkte werden geladen…" />
      ) : isError ? (
        <p>Ähnliche Produkte konnten nicht geladen werden.</p>
      ) : data.products.length === 0 ? (
        <p>Keine verwandten Produkte gefunden</p>
      ) : (
        <ProductGrid products={data.products} />
      )}
    </section>
  );
}
