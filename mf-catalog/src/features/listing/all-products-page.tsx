import { Link, useSearchParams } from 'react-router-dom';
import { Breadcrumb } from '@shop/ui';
import { useSeo, useShopConfig } from '@shop/shell-api';
import { FALLBACK_META_DESCRIPTION } from '@shop/catalog-rules';
import { ProductList } from './components/product-list';

/** All products (spec §2): the `search` query parameter, flavour search, filters, sorting, paging. */
export function AllProductsPage() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim();
  const { publicOrigin } = useShopConfig();
  useSeo({
    title: search ? `Suche: ${search}` : 'Alle RandM Tornado Produkte',
    description: FALLBACK_META_DESCRIPTION,
    canonical: `${publicOrigin}/randm-tornado-vape-alle-produkte`,
    robots: search ? 'noindex, follow' : undefined,
  });
  return (
    <section className="shop-page">
      <Breadcrumb
        items={[{ label: 'Home', href: '/' }, { label: 'Alle Produkte' }]}
        renderLink={(item) => <Link to={item.href}>{item.label}</Link>}
      />
      <h1>Alle Produkte</h1>
      <ProductList />
    </section>
  );
}
