import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasCode } from '@shop/api-client';
import { permissionsOf } from '@shop/contracts';
import { STALE_EDIT_MESSAGE, type AdminProductDetail, type ProductInput } from '@shop/contracts/admin';
import { productLink } from '@shop/catalog-rules';
import { formatDateTime, formatEurDecimal } from '@shop/format';
import { href } from '@shop/routes';
import { Button, Notice } from '@shop/ui';
import { applyServerIssues, SelectField, TextField } from '@shop/ui/form';
import { showToast, useSeo, useSession } from '@shop/shell-api';
import { productsApi } from '../../api/products-api';
import { apiErrorText } from '../../lib/api-error-text';
import { useCategories } from './use-categories';
import { formValuesOf, productInputOf, ProductFormValues } from './product-form';
import { changedValues } from '../../lib/changed-values';
import { PRODUCT_FIELD_LABELS, PRODUCT_TYPE_LABELS } from '../../lib/product-labels';
import { ProductImages } from './product-images';
import { QueryState } from '../../components/query-state';
import { productsKeys, productsQueries } from './products-queries';

/** Server field names → form fields (a create reports 'body/x', a change 'body/changes/x'). */
const SERVER_FIELDS = Object.fromEntries(
  (Object.keys(PRODUCT_FIELD_LABELS) as Array<keyof ProductInput>).flatMap((field) => [
    [field, field],
    [`changes/${field}`, field],
  ]),
) as Record<string, keyof ProductFormValues>;

function PriceHistory({ product }: { product: AdminProductDetail }) {
  return (
    <details className="admin-panel">
      <summary>Preisverlauf ({product.priceHistory.length})</summary>
      <p className="shop-field__hint">
        Grundlage der Angabe „Niedrigster Preis der letzten 30 Tage“ (§ 11 PAngV). Aktuell im Shop:{' '}
        {product.referencePrice ? `reduziert gegenüber ${formatEurDecimal(product.referencePrice)}` : 'keine Reduzierung ausgewiesen'}.
      </p>
      <table className="admin-table admin-table--plain">
        <thead>
          <tr>
            <th scope="col">Gültig ab</th>
            <th scope="col">Preis</th>
            <th scope="col">Aktionspreis</th>
          </tr>
        </thead>
        <tbody>
          {product.priceHistory.map((entry) => (
            <tr key={entry.from}>
              <td data-label="Gültig ab">{formatDateTime(new Date(entry.from))}</td>
              <td data-label="Preis">{formatEurDecimal(entry.price)}</td>
              <td data-label="Aktionspreis">{entry.salePrice ? formatEurDecimal(entry.salePrice) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The product-law objections and, for admins, the reasoned release. */
function LawIssues({ product, canOverride }: { product: AdminProductDetail; canOverride: boolean }) {
  if (!product.lawIssues.length) return null;
  const covered =
    product.complianceOverride && product.lawIssues.every((issue) => product.complianceOverride!.issueCodes.includes(issue.code));
  return (
    <Notice tone="warning" role="status">
      <p>
        <strong>Rechtliche Hinweise zu diesem Produkt</strong> (im Live-Betrieb kann es so nur mit Freigabe eines Admins aktiv sein):
      </p>
      <ul>
        {product.lawIssues.map((issue) => (
          <li key={issue.code}>{issue.message}</li>
        ))}
      </ul>
      {covered && product.complianceOverride && (
        <p>
          Freigegeben am {formatDateTime(new Date(product.complianceOverride.at))}: „{product.complianceOverride.reason}“
        </p>
      )}
      {canOverride && !covered && (
        <TextField<ProductFormValues>
          name="complianceOverrideReason"
          label="Freigabe trotz Hinweisen: Begründung (nur Admins, wird protokolliert)"
          hint="Leer lassen, wenn Sie das Produkt nicht freigeben möchten. Mindestens 10 Zeichen."
          multiline
        />
      )}
    </Notice>
  );
}

function ProductEditor({ product }: { product: AdminProductDetail | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const { user } = useSession();
  const canOverride = permissionsOf(user?.role ?? '').includes('compliance:override');
  const [stale, setStale] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const form = useForm<ProductFormValues>({ defaultValues: formValuesOf(product), resolver: zodResolver(ProductFormValues) });
  useEffect(() => form.reset(formValuesOf(product)), [product, form]);
  // The category select gets its options only when the categories arrive (after the product on a
  // fresh load): the browser then shows the first option, so it is set to the product's again.
  useEffect(() => {
    if (categories.data) form.setValue('categoryId', form.getValues('categoryId'));
  }, [categories.data, form]);

  const submit = form.handleSubmit(async (values) => {
    setBlocked(null);
    const input = productInputOf(values);
    try {
      if (!product) {
        const created = await productsApi.create(input);
        queryClient.setQueryData(productsKeys.detail(created.id), created);
        showToast({ title: 'Produkt angelegt', variant: 'success' });
        navigate(href('/admin/products/edit/:id', { id: created.id }), { replace: true });
      } else {
        const changes = changedValues(productInputOf(formValuesOf(product)), input);
        const reason = values.complianceOverrideReason.trim();
        if (!Object.keys(changes).length && !reason) {
          showToast({ title: 'Keine Änderungen zu speichern' });
          return;
        }
        const saved = await productsApi.change(product.id, {
          version: product.version,
          changes,
          ...(reason ? { complianceOverrideReason: reason } : {}),
        });
        queryClient.setQueryData(productsKeys.detail(saved.id), saved);
        showToast({ title: 'Produkt gespeichert', variant: 'success' });
      }
      void queryClient.invalidateQueries({ queryKey: productsKeys.lists });
    } catch (error) {
      if (hasCode(error, 'STALE_VERSION')) setStale(true);
      else if (hasCode(error, 'PUBLISH_BLOCKED')) setBlocked(apiErrorText(error));
      else if (!applyServerIssues(form, error, SERVER_FIELDS))
        showToast({ title: 'Speichern fehlgeschlagen', description: apiErrorText(error), variant: 'destructive' });
    }
  });

  const reload = async () => {
    if (!product) return;
    setStale(false);
    await queryClient.invalidateQueries({ queryKey: productsKeys.detail(product.id) });
  };
  const categoryOptions = [{ value: '', label: 'Bitte wählen' }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))];

  return (
    <FormProvider {...form}>
      <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
        {stale && (
          <Notice tone="warning" role="alert">
            {STALE_EDIT_MESSAGE}{' '}
            <Button variant="secondary" onClick={() => void reload()}>
              Neu laden
            </Button>
          </Notice>
        )}
        {blocked && (
          <Notice tone="warning" role="alert">
            {blocked}
          </Notice>
        )}
        {product && <LawIssues product={product} canOverride={canOverride} />}
        <fieldset className="admin-fieldset">
          <legend>Grunddaten</legend>
          <TextField<ProductFormValues> name="name" label="Name" required />
          <SelectField<ProductFormValues> name="categoryId" label="Kategorie" options={categoryOptions} />
          <TextField<ProductFormValues>
            name="flavor"
            label="Geschmacksrichtung"
            hint="Bildet zusammen mit der Kategorie die Adresse des Produkts."
            required
          />
          <TextField<ProductFormValues> name="brand" label="Marke" required />
          <TextField<ProductFormValues> name="sku" label="Artikelnummer (SKU)" autoComplete="off" required />
          <TextField<ProductFormValues> name="gtin" label="GTIN/EAN (optional)" inputMode="numeric" autoComplete="off" />
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Preis und Bestand</legend>
          <TextField<ProductFormValues> name="price" label="Preis in € (inkl. MwSt.)" inputMode="decimal" autoComplete="off" required />
          <TextField<ProductFormValues>
            name="salePrice"
            label="Aktionspreis in € (optional)"
            hint="Eine Reduzierung zeigt der Shop nur gegenüber dem niedrigsten Preis der letzten 30 Tage."
            inputMode="decimal"
            autoComplete="off"
          />
          <TextField<ProductFormValues>
            name="stock"
            label="Bestand (Stück)"
            hint="Leer lassen, wenn der Bestand nicht geführt wird."
            inputMode="numeric"
          />
          <label className="admin-checkbox">
            <input type="checkbox" {...form.register('isActive')} /> Aktiv (im Shop sichtbar und bestellbar)
          </label>
          <label className="admin-checkbox">
            <input type="checkbox" {...form.register('isFeatured')} /> Auf der Startseite hervorheben
          </label>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Technische Daten</legend>
          <SelectField<ProductFormValues>
            name="productType"
            label="Produktart"
            options={Object.entries(PRODUCT_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          />
          <TextField<ProductFormValues> name="puffCount" label="Züge (Herstellerangabe)" inputMode="numeric" required />
          <TextField<ProductFormValues>
            name="nicotineMgPerMl"
            label="Nikotin in mg/ml"
            hint="Höchstens 20 mg/ml (§ 14 TabakerzG)."
            inputMode="decimal"
            required
          />
          <TextField<ProductFormValues>
            name="nicotineStrength"
            label="Nikotinstärke (Anzeige)"
            hint="Muss zum Nikotingehalt passen, z. B. „2 % (20 mg/ml)“ oder „nikotinfrei“."
            required
          />
          <TextField<ProductFormValues>
            name="liquidVolumeMl"
            label="Liquid in ml"
            hint="Einweg und Pods höchstens 2 ml, Nachfüllbehälter höchstens 10 ml."
            inputMode="decimal"
          />
          <TextField<ProductFormValues> name="batteryMah" label="Akku in mAh (optional)" inputMode="numeric" />
          <TextField<ProductFormValues> name="coil" label="Coil (optional)" />
          <TextField<ProductFormValues>
            name="shippingWeightGrams"
            label="Versandgewicht in g"
            hint="Ein Stück mit Verpackung, für das Gewicht auf dem DHL-Etikett. Leer lassen, solange es nicht gewogen ist."
            inputMode="numeric"
          />
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Texte</legend>
          <TextField<ProductFormValues> name="description" label="Beschreibung (HTML: Absätze, fett)" multiline rows={6} required />
          <TextField<ProductFormValues> name="features" label="Merkmale (eines pro Zeile)" multiline rows={5} />
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Rechtliches</legend>
          <TextField<ProductFormValues>
            name="nicotineWarning"
            label="Warnhinweis (§ 27 TabakerzV)"
            hint="Bei nikotinhaltigen Produkten Pflicht; bei 0 mg/ml leer lassen (Verkauf trotzdem nur ab 18 Jahren)."
            multiline
          />
          <TextField<ProductFormValues>
            name="sellableUntil"
            label="Verkaufsende (optional)"
            hint="Letzter Verkaufstag, z. B. wegen der Akku-Regel ab 18.02.2027."
            type="date"
          />
          <TextField<ProductFormValues>
            name="durabilityGuaranteeYears"
            label="Haltbarkeitsgarantie des Herstellers in Jahren (optional)"
            hint="Nur eintragen, wenn der Hersteller die Haltbarkeit länger als 2 Jahre garantiert: Die Produktseite zeigt dann das EU-Garantielabel."
            inputMode="numeric"
          />
        </fieldset>
        <ProductImages />
        <div className="admin-form__actions">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {product ? 'Änderungen speichern' : 'Produkt anlegen'}
          </Button>
          {product && (
            <Link to={productLink(product)} target="_blank" rel="noopener">
              Im Shop ansehen
            </Link>
          )}
        </div>
        {product && <PriceHistory product={product} />}
      </form>
    </FormProvider>
  );
}

/** /admin/products/new: a new product, inactive until staff switch it on. */
export function ProductNewPage() {
  useSeo({ title: 'Neues Produkt', robots: 'noindex, nofollow' });
  return (
    <section className="shop-page admin-page">
      <p>
        <Link to={href('/admin/products')}>← Alle Produkte</Link>
      </p>
      <h1>Neues Produkt</h1>
      <ProductEditor product={null} />
    </section>
  );
}

/**
 * /admin/products/edit/{id}: every product field, the law objections with the admin
 * override, the price history. Saving sends only the changed fields with the version that was
 * loaded; when someone else saved in between, the page says so and offers to reload.
 */
export function ProductEditPage() {
  const { id = '' } = useParams();
  const product = useQuery(productsQueries.detail(id));
  useSeo({ title: product.data ? `${product.data.name} bearbeiten` : 'Produkt bearbeiten', robots: 'noindex, nofollow' });
  return (
    <section className="shop-page admin-page">
      <p>
        <Link to={href('/admin/products')}>← Alle Produkte</Link>
      </p>
      <h1>{product.data?.name ?? 'Produkt bearbeiten'}</h1>
      <QueryState query={product} loading="Produkt wird geladen…" failed="Das Produkt konnte nicht geladen werden.">
        {(data) => <ProductEditor product={data} />}
      </QueryState>
    </section>
  );
}
