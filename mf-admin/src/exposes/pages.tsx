import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { UnderConstruction } from '@shop/ui';
import type { PageId, RemotePagesProps } from '@shop/routes';
import { RequireStaff } from '../features/access/require-staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthStatusPage } from '../features/access/auth-status-page';
import { adminQueryClient } from '../features/admin-query-client';
import { AdminLayout } from '../features/layout/admin-layout';
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
import '../styles/admin.css';

/** Admin screens that the next parts of issue #13 build; until then they say so (staff only already). */
const notYet = (title: string) =>
  function NotYetBuilt() {
    return (
      <UnderConstruction title={title}>
        Dieser Bereich der Verwaltung entsteht gerade. Ihren Zugang und Ihre Berechtigungen sehen Sie unter{' '}
        <Link to="/admin/auth-status">Anmeldestatus</Link>.
      </UnderConstruction>
    );
  };

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
  content: notYet('Inhalte verwalten'),
  'blog-new': notYet('Neuer Blogbeitrag'),
  'blog-edit': notYet('Blogbeitrag bearbeiten'),
  'page-new': notYet('Neue Seite'),
  'page-edit': notYet('Seite bearbeiten'),
  'content-edit': notYet('Inhalt bearbeiten'),
  media: notYet('Medien'),
  promotions: PromotionsPage,
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
