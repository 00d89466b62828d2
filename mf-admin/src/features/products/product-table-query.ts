import { ADMIN_PRODUCT_STATUSES, type AdminProductListQuery } from '@shop/contracts/admin';

/** Rows per page of the staff product table. */
export const PRODUCTS_PER_PAGE = 50;

export const STATUS_LABELS: Record<(typeof ADMIN_PRODUCT_STATUSES)[number], string> = {
  all: 'Alle',
  active: 'Aktiv',
  inactive: 'Inaktiv',
  flagged: 'Mit rechtlichen Hinweisen',
  'sold-out': 'Ausverkauft',
  'low-stock': 'Niedriger Bestand',
};

/** The table's sort choices: the API's sort and direction under one German label. */
export const SORT_OPTIONS = [
  { value: 'name-asc', label: 'Name A–Z' },
  { value: 'name-desc', label: 'Name Z–A' },
  { value: 'price-asc', label: 'Preis aufsteigend' },
  { value: 'price-desc', label: 'Preis absteigend' },
  { value: 'stock-asc', label: 'Bestand aufsteigend' },
  { value: 'sales-desc', label: 'Meistverkauft' },
  { value: 'updated-desc', label: 'Zuletzt geändert' },
] as const;

/**
 * The product table's state lives in the address (search, category, status, sort, page), so a
 * filtered view can be reloaded, bookmarked and shared; unknown values fall back to defaults.
 */
export function tableQueryFromParams(params: URLSearchParams): { query: AdminProductListQuery; sortValue: string; page: number } {
  const status = ADMIN_PRODUCT_STATUSES.find((value) => value === params.get('status')) ?? 'all';
  const sortValue = SORT_OPTIONS.find((option) => option.value === params.get('sort'))?.value ?? 'name-asc';
  const [sort, direction] = sortValue.split('-') as [AdminProductListQuery['sort'], AdminProductListQuery['direction']];
  const page = Math.max(1, Math.min(2000, Number.parseInt(params.get('seite') ?? '1', 10) || 1));
  return {
    query: {
      search: params.get('suche')?.slice(0, 100) || undefined,
      categoryId: params.get('kategorie') || undefined,
      status,
      sort,
      direction,
      limit: PRODUCTS_PER_PAGE,
      offset: (page - 1) * PRODUCTS_PER_PAGE,
    },
    sortValue,
    page,
  };
}
