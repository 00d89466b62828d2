import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Spinner } from '@shop/ui';
import { CATEGORY_DEFINITIONS } from '@shop/contracts';
import { ProductGrid } from '../../products/components/product-card';
import { useProducts } from '../../products/hooks';

/** Products per page of the listings. */
export const PAGE_SIZE = 24;

const SORT_LABELS: Record<string, string> = {
  bestsellers: 'Beliebtheit',
  'price-asc': 'Preis aufsteigend',
  'price-desc': 'Preis absteigend',
  name: 'Name A–Z',
  newest: 'Neueste zuerst',
};

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

  const { data, isPending, isError, isPlaceholderData, refetch } = useProducts({
    search: search || undefined,
    categoryId: categoryId || undefined,
    sort,
    minPrice: /^\d+(\.\d{1,2})?$/.test(minPrice) ? minPrice : undefined,
    maxPrice: /^\d+(\.\d{1,2})?$/.test(maxPrice) ? maxPrice : undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
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

  return (
    <div className="listing">
      <aside className="listing__filters" aria-labelledby={`${formId}-title`}>
        <h2 id={`${formId}-title`}>Filter</h2>
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            update({
              search: String(form.get('search') ?? '').trim(),
              minPrice: String(form.get('minPrice') ?? '').replace(',', '.').trim(),
              maxPrice: String(form.get('maxPrice') ?? '').replace(',', '.').trim(),
            });
          }}
        >
          <label htmlFor={`${formId}-search`}>Geschmack suchen</label>
          <input id={`${formId}-search`} name="search" type="search" defaultValue={search} key={search} placeholder="z. B. Blueberry, Erdbeere" />
          <fieldset>
            <legend>Preis in €</legend>
            <label htmlFor={`${formId}-min`}>von</label>
            <input id={`${formId}-min`} name="minPrice" inputMode="decimal" defaultValue={minPrice} key={`min-${minPrice}`} size={6} />
            <label htmlFor={`${formId}-max`}>bis</label>
            <input id={`${formId}-max`} name="maxPrice" inputMode="decimal" defaultValue={maxPrice} key={`max-${maxPrice}`} size={6} />
          </fieldset>
          <Button type="submit">Filter anwenden</Button>
        </form>
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
      </aside>
      <div className="listing__results">
        <div className="listing__toolbar">
          <p className="listing__count" role="status" data-testid="product-count">
            {/* While new results load, the previous ones stay visible but their count would be wrong. */}
            {isPending || isPlaceholderData ? 'Produkte werden geladen…' : search ? `${total} Produkte für „${search}“` : `${total} Produkte`}
          </p>
          <label>
            Sortieren nach{' '}
            <select value={sort} onChange={(event) => update({ sort: event.target.value })}>
              {search && <option value="relevance">Relevanz</option>}
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {isPending ? (
          <Spinner label="Produkte werden geladen…" />
        ) : isError ? (
          <div role="alert">
            <p>Die Produkte konnten nicht geladen werden.</p>
            <Button variant="secondary" onClick={() => void refetch()}>
              Erneut versuchen
            </Button>
          </div>
        ) : data.products.length === 0 ? (
          <p className="listing__empty">{search ? `Keine Produkte gefunden für "${search}"` : 'Keine Produkte in dieser Kategorie gefunden'}</p>
        ) : (
          <ProductGrid products={data.products} />
        )}
        {pages > 1 && (
          <nav className="pagination" aria-label="Seiten">
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
