import { lazy, type ComponentType } from 'react';
import type { PageId, RemotePagesProps } from '@shop/routes';
import { ShopQueryProvider } from '@shop/shell-api';
import { HomePage } from '../features/home/home-page';
import { AllProductsPage } from '../features/listing/all-products-page';
import { CategoryOverviewPage } from '../features/listing/category-overview-page';
import { CategoryListingPage } from '../features/listing/category-listing-page';
import { ProductDetailPage } from '../features/product-detail/product-detail-page';
import '../styles/catalog.css';

// The review form loads only when opened: a personal page few visitors see.
const ReviewPage = lazy(() => import('../features/reviews/review-page').then((module) => ({ default: module.ReviewPage })));

const PAGES: Record<PageId<'catalog'>, ComponentType> = {
  home: HomePage,
  'all-products': AllProductsPage,
  'category-overview': CategoryOverviewPage,
  'category-listing': CategoryListingPage,
  'product-detail': ProductDetailPage,
  review: ReviewPage,
};

/** Catalogue pages, selected by the route table's page id (@shop/routes). */
export default function CatalogPages({ page }: RemotePagesProps<'catalog'>) {
  const Page = PAGES[page];
  if (!Page) throw new Error(`mf-catalog: unknown page '${page}'`);
  return (
    <ShopQueryProvider>
      <Page />
    </ShopQueryProvider>
  );
}
