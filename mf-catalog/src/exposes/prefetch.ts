import { CATEGORY_DEFINITIONS } from '@shop/contracts';
import type { PageId } from '@shop/routes';
import type { RemotePrefetch } from '@shop/shell-api';
import { catalogQueries } from '../api/catalog-queries';
import { EAGER_CAROUSELS } from '../features/home/home-page';
import { CAROUSEL_IDS } from '../lib/home-categories';
import { carouselQuery } from '../features/home/components/category-carousel';
import { listingQuery } from '../features/listing/components/product-list';

/**
 * The data of each catalogue page's first screen, for the server renderer: the same
 * queryOptions the screens read, so the browser finds them in the HTML's state and does not
 * request them again. Server build only (webpack.config.ts `server.exposes`).
 */
const prefetch: RemotePrefetch = async ({ page, params, search, queryClient, shopConfig }) => {
  // Reviews only while switched on; the home shows them only in the marketing presentation.
  const reviews = shopConfig.reviewsEnabled;
  const categories = () => queryClient.prefetchQuery(catalogQueries.categories());
  const products = (query: Parameters<typeof catalogQueries.products>[0] | null) =>
    query ? queryClient.prefetchQuery(catalogQueries.products(query)) : Promise.resolve();
  switch (page as PageId<'catalog'>) {
    case 'home':
      await Promise.all([
        categories(),
        reviews && shopConfig.presentationMode === 'marketing'
          ? queryClient.prefetchQuery(catalogQueries.latestReviews())
          : Promise.resolve(),
        ...CAROUSEL_IDS.slice(0, EAGER_CAROUSELS).map((id) => {
          const category = CATEGORY_DEFINITIONS.find((candidate) => candidate.id === id);
          return category ? products(carouselQuery(category)) : Promise.resolve();
        }),
      ]);
      return;
    case 'all-products':
      await Promise.all([categories(), products(listingQuery(search))]);
      return;
    case 'category-overview':
      await categories();
      return;
    case 'category-listing': {
      const category = CATEGORY_DEFINITIONS.find((candidate) => candidate.slug === params.category);
      await Promise.all([categories(), category ? products(listingQuery(search, category.id)) : Promise.resolve()]);
      return;
    }
    case 'product-detail': {
      const slugPath = params.category && params.productSlug ? `${params.category}/${params.productSlug}` : (params.slug ?? '');
      const product = await queryClient.fetchQuery(catalogQueries.product(slugPath)).catch(() => null);
      // Recommendations only in the marketing presentation (§ 19 TabakerzG; ProductDetailPage).
      if (product)
        await Promise.all([
          shopConfig.presentationMode === 'marketing' ? queryClient.prefetchQuery(catalogQueries.related(product.id)) : Promise.resolve(),
          reviews ? queryClient.prefetchQuery(catalogQueries.productReviews(product.id)) : Promise.resolve(),
        ]);
      return;
    }
  }
};

export default prefetch;
