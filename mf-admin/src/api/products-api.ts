import { apiRequest } from '@shop/api-client';
import { CategoryListResponse } from '@shop/contracts';
import {
  AdminProductDetail,
  AdminProductListResponse,
  ProductBulkResult,
  ProductImportDryRun,
  ProductImportResult,
  type AdminProductListQuery,
  type ProductImportMode,
  type ProductBulkAction,
  type ProductChange,
  type ProductInput,
} from '@shop/contracts/admin';
import { queryString } from './query-string';

/**
 * The catalog service's staff endpoints (services/catalog products/admin-products.routes.ts).
 * Failures reject with @shop/api-client's ApiError (409 STALE_VERSION, 422 PUBLISH_BLOCKED, 400 with issues).
 */
export const productsApi = {
  list: async (params: Partial<AdminProductListQuery>) =>
    AdminProductListResponse.parse(await apiRequest('GET', `/api/admin/products?${queryString(params)}`)),
  detail: async (id: string) => AdminProductDetail.parse(await apiRequest('GET', `/api/admin/products/${encodeURIComponent(id)}`)),
  create: async (input: ProductInput) => AdminProductDetail.parse(await apiRequest('POST', '/api/admin/products', input)),
  change: async (id: string, change: ProductChange) =>
    AdminProductDetail.parse(await apiRequest('PATCH', `/api/admin/products/${encodeURIComponent(id)}`, change)),
  bulk: async (action: ProductBulkAction) => ProductBulkResult.parse(await apiRequest('POST', '/api/admin/products/bulk', action)),
  /** Checks a product CSV file (`text/csv`); writes nothing. 400 CSV_* when the file cannot be read. */
  importDryRun: async (file: Blob, mode: ProductImportMode, fileName: string) =>
    ProductImportDryRun.parse(
      await apiRequest(
        'POST',
        `/api/admin/products/import/dry-run?${queryString({ mode, fileName })}`,
        new Blob([file], { type: 'text/csv' }),
      ),
    ),
  /** Applies the file of an error-free dry run (its `sha256`); 409 CSV_NOT_CHECKED otherwise. */
  importApply: async (file: Blob, mode: ProductImportMode, fileName: string, sha256: string) =>
    ProductImportResult.parse(
      await apiRequest(
        'POST',
        `/api/admin/products/import/apply?${queryString({ mode, fileName, sha256 })}`,
        new Blob([file], { type: 'text/csv' }),
      ),
    ),
  /** The address of the catalogue's CSV export (a plain link: the browser saves the file). */
  exportUrl: '/api/admin/products/export.csv',
  /** The shop's categories (public endpoint) for filters and the editor. */
  categories: async () => CategoryListResponse.parse(await apiRequest('GET', '/api/categories')),
};
