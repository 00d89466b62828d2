import { useId, useState, type FormEvent } from 'react';
import type { Category } from '@shop/contracts';
import type { ProductBulkAction } from '@shop/contracts/admin';
import { formatEurDecimal, parseEuroInput } from '@shop/format';
import { Button } from '@shop/ui';
import { Options } from '../../components/filter-fields';
import { categoryLabels } from './use-categories';

/**
 * 'Preis für eine Kategorie setzen' (bulk price change by category): one price and an
 * optional sale price for every product of a category, after a confirmation naming both. Each
 * product's change is recorded in its price history and the audit log by the catalog.
 */
export function BulkPriceForm({
  categories,
  busy,
  onSubmit,
}: {
  categories: Category[];
  busy: boolean;
  onSubmit: (action: Extract<ProductBulkAction, { action: 'set-price' }>) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const categoryId = String(data.get('categoryId') ?? '');
    const price = parseEuroInput(String(data.get('price') ?? ''));
    const saleText = String(data.get('salePrice') ?? '').trim();
    const salePrice = saleText ? parseEuroInput(saleText) : null;
    const category = categories.find((c) => c.id === categoryId);
    if (!category) return setError('Bitte wählen Sie eine Kategorie.');
    if (!price) return setError('Bitte geben Sie den Preis in Euro ein, z. B. 19,99.');
    if (saleText && !salePrice) return setError('Bitte geben Sie den Aktionspreis in Euro ein, z. B. 14,99, oder lassen Sie ihn leer.');
    if (salePrice && Number(salePrice) >= Number(price)) return setError('Der Aktionspreis muss unter dem regulären Preis liegen.');
    setError(null);
    const summary = `Alle Produkte der Kategorie „${category.name}“ auf ${formatEurDecimal(price)}${salePrice ? ` (Aktion ${formatEurDecimal(salePrice)})` : ''} setzen?`;
    if (window.confirm(summary)) onSubmit({ action: 'set-price', categoryId, price, salePrice });
  };
  return (
    <details className="admin-panel">
      <summary>Preis für eine Kategorie setzen</summary>
      <form className="admin-bulk-price" noValidate onSubmit={submit} aria-describedby={error ? `${id}-error` : undefined}>
        <div className="shop-field">
          <label htmlFor={`${id}-category`}>Kategorie</label>
          <select id={`${id}-category`} name="categoryId" defaultValue="">
            <option value="" disabled>
              Bitte wählen
            </option>
            <Options labels={categoryLabels(categories)} />
          </select>
        </div>
        <div className="shop-field">
          <label htmlFor={`${id}-price`}>Preis in €</label>
          <input id={`${id}-price`} name="price" inputMode="decimal" autoComplete="off" />
        </div>
        <div className="shop-field">
          <label htmlFor={`${id}-sale`}>Aktionspreis in € (optional)</label>
          <input id={`${id}-sale`} name="salePrice" inputMode="decimal" autoComplete="off" />
        </div>
        {error && (
          <p id={`${id}-error`} className="shop-field__error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" disabled={busy}>
          Preise setzen
        </Button>
      </form>
    </details>
  );
}
