import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductBulkResult } from '@shop/contracts/admin';
import { formatEurDecimal, formatInteger } from '@shop/format';
import { href } from '@shop/routes';
import { Button, buttonClass, Notice } from '@shop/ui';
import { showToast, useSeo } from '@shop/shell-api';
import { productsApi } from '../../api/products-api';
import { apiErrorText } from '../../lib/api-error-text';
import { categoryLabels, useCategories } from './use-categories';
import { Options } from '../../components/filter-fields';
import { BulkPriceForm } from './bulk-price-form';
import { ProductImportPanel } from './product-import-panel';
import { AdminTable, SelectCell } from '../../components/admin-table';
import { PRODUCTS_PER_PAGE, SORT_OPTIONS, STATUS_LABELS, tableQueryFromParams } from './product-table-query';
import { productsKeys, productsQueries } from './products-queries';

/** The bulk actions on the chosen rows. */
const BULK_SWITCHES = [
  { action: 'activate', label: 'Aktivieren' },
  { action: 'deactivate', label: 'Deaktivieren' },
] as const;

/** Stock as staff read it: 'nicht geführt' for untracked stock. */
const stockText = (stock: number | null) => (stock === null ? 'nicht geführt' : formatInteger(stock));

function ProductRow({ product }: { product: AdminProduct }) {
  return (
    <tr data-testid="admin-product-row">
      <SelectCell id={product.id} label={`${product.name} auswählen`} />
      <td data-label="Produkt">
        <Link to={href('/admin/products/edit/:id', { id: product.id })}>{product.name}</Link>
        <span className="admin-table__sub">{product.sku}</span>
      </td>
      <td data-label="Preis">
        {formatEurDecimal(product.salePrice ?? product.price)}
        {product.salePrice && <span className="admin-table__sub">regulär {formatEurDecimal(product.price)}</span>}
      </td>
      <td data-label="Bestand">{stockText(product.stock)}</td>
      <td data-label="Status">{product.isActive ? 'Aktiv' : 'Inaktiv'}</td>
      <td data-label="Rechtliche Hinweise">
        {product.lawIssues.length ? (
          <details className="admin-law-flag">
            <summary>{product.lawIssues.length === 1 ? '1 Hinweis' : `${product.lawIssues.length} Hinweise`}</summary>
            <ul>
              {product.lawIssues.map((issue) => (
                <li key={issue.code}>{issue.message}</li>
              ))}
            </ul>
          </details>
        ) : (
          'keine'
        )}
      </td>
    </tr>
  );
}

/**
 * /admin/products and /admin/produkte: the staff product table with search,
 * category, status and sorting in the address, paging, product-law flags with their reasons, bulk
 * activation and deactivation of the selected rows, and one price for a whole category.
 */
export function ProductsPage() {
  useSeo({ title: 'Produkte verwalten', robots: 'noindex, nofollow' });
  const [params, setParams] = useSearchParams();
  const { query, sortValue, page } = tableQueryFromParams(params);
  const categories = useCategories();
  const queryClient = useQueryClient();
  const products = useQuery(productsQueries.list(query));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkResult, setBulkResult] = useState<ProductBulkResult | null>(null);
  const bulk = useMutation({
    mutationFn: productsApi.bulk,
    onSuccess: (result) => {
      setBulkResult(result);
      setSelected(new Set());
      showToast({ title: `${result.changed} Produkte geändert`, variant: result.refused.length ? 'default' : 'success' });
    },
    onError: (error) => showToast({ title: 'Aktion fehlgeschlagen', description: apiErrorText(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKeys.lists }),
  });

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('seite' in changes)) next.delete('seite');
    setParams(next, { replace: true });
    setSelected(new Set());
  };
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ suche: String(new FormData(event.currentTarget).get('suche') ?? '').trim() || undefined });
  };

  return (
    <section className="shop-page admin-page">
      <div className="admin-page__head">
        <h1>Produkte verwalten</h1>
        <div className="admin-actions">
          {/* Every product with every field, for Excel (UTF-8, `;`, decimal comma). */}
          <a className={buttonClass('secondary')} href={productsApi.exportUrl} download>
            Als CSV exportieren
          </a>
          <Link className={buttonClass('primary')} to={href('/admin/products/new')}>
            Neues Produkt
          </Link>
        </div>
      </div>
      <form className="admin-filters" role="search" onSubmit={search}>
        <div className="shop-field admin-filters__wide">
          <label htmlFor="admin-product-search">Suche (Name, Geschmack, Artikelnummer)</label>
          <div className="admin-filters__search">
            <input id="admin-product-search" name="suche" type="search" defaultValue={query.search ?? ''} key={query.search ?? ''} />
            <Button type="submit" variant="secondary">
              Suchen
            </Button>
          </div>
        </div>
        <div className="shop-field">
          <label htmlFor="admin-product-category">Kategorie</label>
          <select
            id="admin-product-category"
            value={query.categoryId ?? ''}
            onChange={(event) => update({ kategorie: event.target.value })}
          >
            <option value="">Alle Kategorien</option>
            <Options labels={categoryLabels(categories.data ?? [])} />
          </select>
        </div>
        <div className="shop-field">
          <label htmlFor="admin-product-status">Status</label>
          <select
            id="admin-product-status"
            value={query.status}
            onChange={(event) => update({ status: event.target.value === 'all' ? undefined : event.target.value })}
          >
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="shop-field">
          <label htmlFor="admin-product-sort">Sortierung</label>
          <select
            id="admin-product-sort"
            value={sortValue}
            onChange={(event) => update({ sort: event.target.value === 'name-asc' ? undefined : event.target.value })}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </form>

      <BulkPriceForm categories={categories.data ?? []} busy={bulk.isPending} onSubmit={(action) => bulk.mutate(action)} />
      <ProductImportPanel onApplied={() => queryClient.invalidateQueries({ queryKey: productsKeys.lists })} />

      {bulkResult && bulkResult.refused.length > 0 && (
        <Notice tone="warning" role="status">
          <p>Nicht geändert:</p>
          <ul>
            {bulkResult.refused.map((item) => (
              <li key={item.productId}>
                {item.name}: {item.reason}
              </li>
            ))}
          </ul>
        </Notice>
      )}

      <AdminTable
        query={products}
        rowsOf={(data) => data.products}
        texts={{
          loading: 'Produkte werden geladen…',
          failed: 'Die Produkte konnten nicht geladen werden.',
          empty: 'Keine Produkte gefunden.',
          count: (total) => `${formatInteger(total)} Produkte`,
          caption: 'Produkte',
        }}
        columns={['Produkt', 'Preis', 'Bestand', 'Status', 'Rechtliche Hinweise']}
        paging={{ page, perPage: PRODUCTS_PER_PAGE, onPage: (target) => update({ seite: target > 1 ? String(target) : undefined }) }}
        selection={{
          selected,
          onChange: setSelected,
          idOf: (product) => product.id,
          allLabel: 'Alle Produkte dieser Seite auswählen',
          actions:
            selected.size > 0 &&
            BULK_SWITCHES.map(({ action, label }) => (
              <Button
                key={action}
                variant="secondary"
                disabled={bulk.isPending}
                onClick={() => bulk.mutate({ action, productIds: [...selected] })}
              >
                {label}
              </Button>
            )),
        }}
      >
        {(data) => data.products.map((product) => <ProductRow key={product.id} product={product} />)}
      </AdminTable>
    </section>
  );
}
