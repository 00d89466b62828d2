import { lazy, type ComponentType } from 'react';
import type { PageId, RemotePagesProps } from '@shop/routes';
import { RequireStaff } from '../features/access/require-staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthStatusPage } from '../features/access/auth-status-page';
import { adminQueryClient } from '../lib/admin-query-client';
import { AdminLayout } from '../components/admin-layout';
import { ProductsPage } from '../features/products/products-page';
import { ProductEditPage, ProductNewPage } from '../features/products/product-editor-page';
import { AuditPage } from '../features/audit/audit-page';
import { OrdersPage } from '../features/orders/orders-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { PromotionsPage } from '../features/promotions/promotions-page';
import { CustomersPage } from '../features/customers/customers-page';
import { AnalyticsPage } from '../features/analytics/analytics-page';
import { CustomerDetailPage } from '../features/customers/customer-detail-page';
import { OrderDetailPage } from '../features/orders/order-detail-page';
import { ContentPage } from '../features/content/content-page';
import { MediaPage } from '../features/media/media-page';
import { SettingsPage } from '../features/settings/settings-page';
import { ReviewsPage } from '../features/reviews/reviews-page';
import { ReleasesPage } from '../features/releases/releases-page';
import { PaymentsPage } from '../features/payments/payments-page';
import { ShippingPage } from '../features/shipping/shipping-page';
import '../styles/admin.css';

// The editors carry CodeMirror: their own chunks, loaded when an editor opens.
const PostNewPage = lazy(() => import('../features/content/post-editor-page').then((module) => ({ default: module.PostNewPage })));
const PostEditPage = lazy(() => import('../features/content/post-editor-page').then((module) => ({ default: module.PostEditPage })));
const PageEditPage = lazy(() => import('../features/content/page-editor-page').then((module) => ({ default: module.PageEditPage })));
const PageNewPage = lazy(() => import('../features/content/page-new-page').then((module) => ({ default: module.PageNewPage })));

const PAGES: Record<PageId<'admin'>, ComponentType> = {
  dashboard: DashboardPage,
  'auth-status': AuthStatusPage,
  products: ProductsPage,
  'product-new': ProductNewPage,
  'product-edit': ProductEditPage,
  audit: AuditPage,
  orders: OrdersPage,
  'order-detail': OrderDetailPage,
  customers: CustomersPage,
  'customer-detail': CustomerDetailPage,
  analytics: AnalyticsPage,
  content: ContentPage,
  'blog-new': PostNewPage,
  'blog-edit': PostEditPage,
  'page-new': PageNewPage,
  'page-edit': PageEditPage,
  'content-edit': PageEditPage,
  media: MediaPage,
  promotions: PromotionsPage,
  settings: SettingsPage,
  reviews: ReviewsPage,
  releases: ReleasesPage,
  payments: PaymentsPage,
  shipping: ShippingPage,
};

/** Admin pages (spec §2 'Admin routes'), each only for staff (RequireStaff; the services check every call too). */
export default function AdminPages({ page }: RemotePagesProps<'admin'>) {
  const Page = PAGES[page];
  if (!Page) throw new Error(`mf-admin: unknown page '${page}'`);
  return (
    <RequireStaff>
      <QueryClientProvider client={adminQueryClient}>
        <AdminLayout>
          <Page />
        </AdminLayout>
      </QueryClientProvider>
    </RequireStaff>
  );
}
