import { LoadError } from '../../../components/load-error';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, useMediaQuery, WIDE_SCREEN_QUERY } from '@shop/ui';
import { CATEGORY_DEFINITIONS } from '@shop/contracts';
import { useFactualMode } from '@shop/shell-api';
import { ProductGrid, ProductGridSkeleton } from '../../../components/product-card';
import { useQuery } from '@tanstack/react-query';
import { catalogQueries } from '../../../api/catalog-queries';
import type { ProductQuery } from '../../../api/catalog-api';

/** A price filter value as the URL keeps it: euros with a dot and up to two decimals. */
const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;

/**
 * Why a price range from the URL cannot be applied, in German, or null when it can
 * (empty bounds are fine). An impossible range is named instead of showing 'no products'.
 */
export function priceRangeProblem(minPrice: string, maxPrice: string): string | null {
  if ((minPrice && !PRICE_PATTERN.test(minPrice)) || (maxPrice && !PRICE_PATTERN.test(maxPrice))) {
    return 'Bitte geben Sie die Preise als Zahl in Euro ein, z. B. 12,50.';
  }
  if (minPrice && maxPrice && Number(minPrice) > Number(maxPrice)) {
    return `Der Preis „von“ (${minPrice.replace('.', ',')} €) ist höher als „bis“ (${maxPrice.replace('.', ',')} €). Bitte prüfen Sie den Preisbereich.`;
  }
  return null;
}

/** Products per page of the listings. */
export const PAGE_SIZE = 24;

/**
 * The product query a listing's URL asks for (the list below and the server's prefetch read
 * it the same way), or null when its price range cannot be applied (no request then).
 */
export function listingQuery(params: URLSearchParams, fixedCategoryId?: string): ProductQuery | null {
  const search = params.get('search')?.trim() ?? '';
  const minPrice = params.get('minPrice') ?? '';
  const maxPrice = params.get('maxPrice') ?? '';
  if (priceRangeProblem(minPrice, maxPrice)) return null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  return {
    search: search || undefined,
    categoryId: (fixedCategoryId ?? params.get('category')) || undefined,
    sort: params.get('sort') ?? (search ? 'relevance' : 'bestsellers'),
    minPrice: minPrice || undefined,
    maxPrice: maxPrice || undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
}

const SORT_LABELS: Record<string, string> = {
  bestsellers: 'Beliebtheit',
  'price-asc': 'Preis aufsteigend',
  'price-desc': 'Preis absteigend',
  name: 'Name A–Z',
  newest: 'Neueste zuerst',
};
/** The same order named by what it is, without a popularity claim (factual presentation mode, § 19 TabakerzG). */
const FACTUAL_SORT_LABELS: Record<string, string> = { ...SORT_LABELS, bestsellers: 'Verkaufszahl' };

/**
 * A filterable, sortable, paged product list. Its state lives in the URL (search, category,
 * minPrice, maxPrice, sort, page), so a listing can be shared, bookmarked and remembered as the
 * 'continue shopping' target. `fixedCategoryId` hides the category filter (category pages).
 */
export function ProductList({ fixedCategoryId }: { fixedCategoryId?: string }) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const categoryId = fixedCategoryId ?? params.get('category') ?? '';
  const sort = params.get('sort') ?? (search ? 'relevance' : 'bestsellers');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const minPrice = params.get('minPrice') ?? '';
  const maxPrice = params.get('maxPrice') ?? '';
  const formId = useId();
  const sortLabels = useFactualMode() ? FACTUAL_SORT_LABELS : SORT_LABELS;
  // Filters open beside the products on wide screens; on phones the products come first and
  // the filters wait in a collapsed block.
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [filtersToggled, setFiltersToggled] = useState<boolean | null>(null);
  const filtersOpen = filtersToggled ?? wide;

  const priceProblem = priceRangeProblem(minPrice, maxPrice);
  const query = listingQuery(params, fixedCategoryId);
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery({
    ...catalogQueries.products(query ?? {}),
    enabled: query !== null,
  });

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const activeFilters = [search, fixedCategoryId ? '' : categoryId, minPrice, maxPrice].filter(Boolean).length;

  return (
    <div className="catalog-listing">
      <details
        className="catalog-listing__filters"
        open={filtersOpen}
        onToggle={(event) => event.currentTarget.open !== filtersOpen && setFiltersToggled(event.currentTarget.open)}
      >
        <summary id={`${formId}-title`}>
          Filter und Sortierung
          {activeFilters > 0 && <span className="catalog-listing__filters-active">({activeFilters} aktiv)</span>}
        </summary>
        <div className="catalog-listing__filters-body">
          <label htmlFor={`${formId}-sort`}>Sortieren nach</label>
          <select id={`${formId}-sort`} value={sort} onChange={(event) => update({ sort: event.target.value })}>
            {search && <option value="relevance">Relevanz</option>}
            {Object.entries(sortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {!fixedCategoryId && (
            <>
              <label htmlFor={`${formId}-category`}>Kategorie</label>
              <select id={`${formId}-category`} value={categoryId} onChange={(event) => update({ category: event.target.value })}>
                <option value="">Alle Kategorien</option>
                {CATEGORY_DEFINITIONS.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </>
          )}
          <form
            role="search"
            aria-labelledby={`${formId}-title`}
            onSubmit={(event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              update({
                search: String(form.get('search') ?? '').trim(),
                minPrice: String(form.get('minPrice') ?? '')
                  .replace(',', '.')
                  .trim(),
                maxPrice: String(form.get('maxPrice') ?? '')
                  .replace(',', '.')
                  .trim(),
              });
            }}
          >
            <label htmlFor={`${formId}-search`}>Geschmack suchen</label>
            <input
              id={`${formId}-search`}
              name="search"
              type="search"
              defaultValue={search}
              key={search}
              placeholder="z. B. Blueberry, Erdbeere"
            />
            <fieldset className="catalog-listing__price">
              <legend>Preis in €</legend>
              <label htmlFor={`${formId}-min`}>von</label>
              <input id={`${formId}-min`} name="minPrice" inputMode="decimal" defaultValue={minPrice} key={`min-${minPrice}`} />
              <label htmlFor={`${formId}-max`}>bis</label>
              <input id={`${formId}-max`} name="maxPrice" inputMode="decimal" defaultValue={maxPrice} key={`max-${maxPrice}`} />
            </fieldset>
            <Button type="submit">Filter anwenden</Button>
          </form>
        </div>
      </details>
      <div className="catalog-listing__results">
        <div className="catalog-listing__toolbar">
          <p className="catalog-listing__count" role="status" data-testid="product-count">
            {/* While new results load, the previous ones stay visible but their count would be wrong. */}
            {priceProblem
              ? 'Preisbereich prüfen'
              : isPending || isPlaceholderData
                ? 'Produkte werden geladen…'
                : search
                  ? `${total} Produkte für „${search}“`
                  : `${total} Produkte`}
          </p>
        </div>
        {priceProblem ? (
          <p className="catalog-listing__empty" role="alert">
            {priceProblem}
          </p>
        ) : isPending ? (
          <ProductGridSkeleton count={8} />
        ) : isError ? (
          <LoadError message="Die Produkte konnten nicht geladen werden." onRetry={() => void refetch()} />
        ) : data.products.length === 0 ? (
          <p className="catalog-listing__empty">
            {search ? `Keine Produkte gefunden für "${search}"` : 'Keine Produkte in dieser Kategorie gefunden'}
          </p>
        ) : (
          <ProductGrid products={data.products} priorityFirst />
        )}
        {pages > 1 && (
          <nav className="catalog-pagination" aria-label="Seiten">
            <Button variant="secondary" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
              Zurück
            </Button>
            <span>
              Seite {page} von {pages}
            </span>
            <Button variant="secondary" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
              Weiter
            </Button>
          </nav>
        )}
      </div>
    </div>
  );
}
