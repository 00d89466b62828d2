import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { failureOf, hasCode } from '@shop/api-client';
import { MAX_PARCEL_WEIGHT_GRAMS, permissionsOf } from '@shop/contracts';
import {
  DHL_LABEL_PRINT_FORMATS,
  DhlAgeCheckService,
  DhlLabelPrintFormat,
  type ShippingSettings,
  type ShippingSettingsChange,
} from '@shop/contracts/admin';
import { formatDateTime, formatInteger } from '@shop/format';
import { href } from '@shop/routes';
import { Button, Notice } from '@shop/ui';
import { FormField } from '@shop/ui/form';
import { showToast, useSession } from '@shop/shell-api';
import { shippingApi } from '../../api/shipping-api';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { apiErrorText } from '../../lib/api-error-text';
import { AGE_CHECK_TEXTS } from '../../lib/shipping-texts';
import { CashOnDeliveryFields, cashOnDeliveryOf } from './cash-on-delivery-fields';
import { shippingKeys, shippingQueries } from './shipping-queries';

/** The print media, as DHL's document describes them (parcel-de-shipping-v2.yaml `printFormat`). */
const PRINT_FORMAT_LABELS: Record<(typeof DHL_LABEL_PRINT_FORMATS)[number], string> = {
  A4: 'A4 (Normalpapier)',
  '910-300-700': '910-300-700',
  '910-300-700-oz': '910-300-700-oz',
  '910-300-710': '910-300-710',
  '910-300-600': '910-300-600 (Laser auf DIN A5, 105 × 205 mm; Thermo 103 × 199 mm)',
  '910-300-610': '910-300-610 (Laser, 105 × 208 mm)',
  '910-300-400': '910-300-400 (Thermo, 103 × 150 mm)',
  '910-300-410': '910-300-410',
  '100x70mm': '100 × 70 mm (Laser oder Thermo)',
};

const STALE_MESSAGE =
  'Die Versandeinstellungen wurden inzwischen geändert. Ihre Änderung ist nicht gespeichert: Bitte laden Sie die Einstellungen neu und ändern Sie sie dann erneut.';

interface CategoryRow {
  key: number;
  category: string;
  grams: string;
}

/**
 * Whole grams from a field: the number, null for an empty optional field.
 * @throws Error with a German message when it is no whole number in range.
 */
function grams(text: string, { min, optional }: { min: number; optional: boolean }): number | null {
  const value = text.trim();
  if (!value && optional) return null;
  const number = Number(value);
  if (!value || !Number.isInteger(number) || number < min || number > MAX_PARCEL_WEIGHT_GRAMS)
    throw new Error(`Bitte geben Sie ganze Gramm von ${min} bis ${formatInteger(MAX_PARCEL_WEIGHT_GRAMS)} ein.`);
  return number;
}

/** The change a submitted form asks for, or the German errors by field ('packagingGrams', 'categoryItemGrams.0.grams', 'cashOnDelivery.fee', …). */
function changeOf(
  data: FormData,
  rows: CategoryRow[],
  version: number,
): { change: ShippingSettingsChange; errors?: undefined } | { change?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const read = <T,>(field: string, parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (failure) {
      errors[field] = (failure as Error).message;
      return undefined;
    }
  };
  const packagingGrams = read('packagingGrams', () => grams(String(data.get('packagingGrams') ?? ''), { min: 0, optional: false }));
  const defaultItemGrams = read('defaultItemGrams', () => grams(String(data.get('defaultItemGrams') ?? ''), { min: 1, optional: true }));
  const seen = new Set<string>();
  const categoryItemGrams = rows.map((row, index) => {
    const category = row.category.trim();
    if (!category) errors[`categoryItemGrams.${index}.category`] = 'Bitte wählen Sie eine Kategorie.';
    else if (seen.has(category)) errors[`categoryItemGrams.${index}.category`] = 'Diese Kategorie steht schon in einer anderen Zeile.';
    seen.add(category);
    const value = read(`categoryItemGrams.${index}.grams`, () => grams(row.grams, { min: 1, optional: false }));
    return { category, grams: value ?? 0 };
  });
  const cashOnDelivery = cashOnDeliveryOf(data, errors);
  if (Object.keys(errors).length > 0) return { errors };
  const printFormat = String(data.get('printFormat') ?? '');
  const change: ShippingSettingsChange = {
    version,
    ageCheck: DhlAgeCheckService.parse(data.get('ageCheck')),
    packagingGrams: packagingGrams ?? 0,
    defaultItemGrams: defaultItemGrams ?? null,
    categoryItemGrams,
    printFormat: printFormat ? DhlLabelPrintFormat.parse(printFormat) : null,
    cashOnDelivery,
  };
  return { change };
}

/** The service's refusal by field: `body/categoryItemGrams/1/grams` → 'categoryItemGrams.1.grams'; '' for the form as a whole. */
function serverErrors(failure: unknown): Record<string, string> {
  const { issues } = failureOf(failure);
  if (issues.length === 0) return { '': apiErrorText(failure) };
  return Object.fromEntries(issues.map((issue) => [issue.path.replace(/^body\/?/, '').replaceAll('/', '.'), issue.message]));
}

/** A weight field in grams with its error. */
function GramsField({
  name,
  label,
  hint,
  error,
  value,
}: {
  name: string;
  label: string;
  hint: string;
  error?: string;
  value: number | null;
}) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_PARCEL_WEIGHT_GRAMS}
          step={1}
          defaultValue={value ?? ''}
        />
      )}
    </FormField>
  );
}

/** The weight of one piece per category: rows to add and remove, each a category and grams. */
function CategoryRows({
  rows,
  setRows,
  errors,
}: {
  rows: CategoryRow[];
  setRows: (update: (rows: CategoryRow[]) => CategoryRow[]) => void;
  errors: Record<string, string>;
}) {
  // The shop's categories (the products screen reads the same, cached for 5 minutes); a slug staff cannot choose is kept as it is.
  const categories = useQuery(shippingQueries.categories());
  const change = (key: number, patch: Partial<CategoryRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <fieldset className="admin-radio-group">
      <legend>Gewicht je Kategorie</legend>
      <p className="shop-field__hint">Für Produkte ohne eigenes Versandgewicht: das Gewicht eines Stücks dieser Kategorie.</p>
      {rows.map((row, index) => {
        const known = categories.data?.some((category) => category.slug === row.category);
        return (
          <div key={row.key} className="admin-shipping-category" data-testid="admin-category-weight">
            <FormField label={`Kategorie ${index + 1}`} error={errors[`categoryItemGrams.${index}.category`]}>
              {(control) =>
                categories.data ? (
                  <select {...control} value={row.category} onChange={(event) => change(row.key, { category: event.target.value })}>
                    <option value="">Bitte wählen</option>
                    {row.category && !known && <option value={row.category}>{row.category}</option>}
                    {categories.data.map((category) => (
                      <option key={category.slug} value={category.slug}>
                        {category.name}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input {...control} value={row.category} onChange={(event) => change(row.key, { category: event.target.value })} />
                )
              }
            </FormField>
            <FormField label={`Gewicht je Stück in g (Kategorie ${index + 1})`} error={errors[`categoryItemGrams.${index}.grams`]}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_PARCEL_WEIGHT_GRAMS}
                  step={1}
                  value={row.grams}
                  onChange={(event) => change(row.key, { grams: event.target.value })}
                />
              )}
            </FormField>
            <Button variant="secondary" onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}>
              Zeile {index + 1} entfernen
            </Button>
          </div>
        );
      })}
      <Button
        variant="secondary"
        onClick={() =>
          setRows((current) => [...current, { key: Math.max(0, ...current.map((row) => row.key)) + 1, category: '', grams: '' }])
        }
      >
        Kategorie hinzufügen
      </Button>
    </fieldset>
  );
}

/** Where the shipper comes from and whether DHL's API is configured (both set by the operator outside this form). */
function ShipperAndDhl({ settings }: { settings: ShippingSettings }) {
  const { shipper, dhl } = settings;
  return (
    <>
      {dhl.configured ? (
        <p data-testid="admin-dhl-status">DHL-Anbindung eingerichtet: Labels werden über die Schnittstelle von DHL gebucht.</p>
      ) : (
        <Notice tone="warning" role="status">
          <strong>DHL-Anbindung nicht eingerichtet:</strong> {dhl.reason ?? 'ohne Angabe eines Grundes'}. Labels können erst erstellt
          werden, wenn der Betrieb die DHL-Zugangsdaten (DHL_…) gesetzt hat.
        </Notice>
      )}
      <h3>Absender auf jedem Label</h3>
      {shipper ? (
        <address className="admin-shipper" data-testid="admin-shipper">
          <span>{shipper.name}</span>
          <span>{shipper.street}</span>
          <span>
            {shipper.postalCode} {shipper.city}
          </span>
          <span>{shipper.email}</span>
        </address>
      ) : (
        <p>Die Absenderangaben sind gerade nicht lesbar (der Inhaltsdienst antwortet nicht). Bis dahin kann kein Label erstellt werden.</p>
      )}
      <p className="shop-field__hint">
        Das sind die Angaben des Betreibers, wie sie im <Link to={href('/impressum')}>Impressum</Link> und auf den Rechnungen stehen. Sie
        werden nicht hier geändert, sondern in der Konfiguration des Shops (OPERATOR_COMPANY, OPERATOR_STREET, OPERATOR_POSTAL_CODE,
        OPERATOR_CITY, OPERATOR_EMAIL).
      </p>
    </>
  );
}

/**
 * The shipping settings (`PUT /api/admin/shipping/settings`, permission `settings:write`): the age
 * check booked with every label, the weights the parcel weight is worked out from, the print
 * format, and cash on delivery (CashOnDeliveryFields); saved on the version read (a concurrent change gets the stale notice with 'Neu laden').
 * Staff without the permission see them read-only.
 */
export function ShippingSettingsForm({ settings }: { settings: ShippingSettings }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const mayChange = permissionsOf(user?.role ?? '').includes('settings:write');
  const [rows, setRows] = useState<CategoryRow[]>(() =>
    settings.categoryItemGrams.map((row, index) => ({ key: index + 1, category: row.category, grams: String(row.grams) })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  // Failures are shown at their fields (serverErrors), so the flight's own error stays unused.
  const { busy, run } = useSingleFlight(apiErrorText);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { change, errors: invalid } = changeOf(new FormData(event.currentTarget), rows, settings.version);
    if (invalid) return setErrors(invalid);
    void run(async () => {
      setErrors({});
      setStale(false);
      try {
        queryClient.setQueryData(shippingKeys.settings, await shippingApi.saveSettings(change));
        showToast({ title: 'Versandeinstellungen gespeichert', description: 'Sie gelten für die nächsten Labels.', variant: 'success' });
      } catch (failure) {
        if (hasCode(failure, 'STALE_VERSION')) setStale(true);
        else setErrors(serverErrors(failure));
      }
    });
  };
  return (
    <form className="admin-fieldset admin-form" noValidate onSubmit={submit} aria-labelledby="admin-shipping-settings-title">
      <h2 id="admin-shipping-settings-title">Versandeinstellungen</h2>
      <ShipperAndDhl settings={settings} />
      {!mayChange && <p>Nur Administratoren können die Versandeinstellungen ändern.</p>}
      <fieldset className="admin-radio-group" disabled={!mayChange}>
        <legend>Altersprüfung an der Haustür (§&nbsp;10&nbsp;JuSchG)</legend>
        {DhlAgeCheckService.options.map((service) => (
          <label key={service} className="admin-radio">
            <input type="radio" name="ageCheck" value={service} defaultChecked={settings.ageCheck === service} />
            <span>
              <strong>{AGE_CHECK_TEXTS[service].label}</strong>
              <span className="shop-field__hint">{AGE_CHECK_TEXTS[service].description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="admin-radio-group" disabled={!mayChange}>
        <legend>Paketgewicht</legend>
        <GramsField
          name="packagingGrams"
          label="Verpackungsgewicht in g"
          hint="Karton und Füllmaterial, zu jedem Paket addiert."
          error={errors.packagingGrams}
          value={settings.packagingGrams}
        />
        <GramsField
          name="defaultItemGrams"
          label="Standardgewicht je Stück in g"
          hint="Für Artikel, deren Produkt und Kategorie kein Gewicht haben. Leer: Für solche Bestellungen muss das Gewicht beim Erstellen des Labels eingegeben werden."
          error={errors.defaultItemGrams}
          value={settings.defaultItemGrams}
        />
        <CategoryRows rows={rows} setRows={setRows} errors={errors} />
        {errors.categoryItemGrams && (
          <p className="shop-field__error" role="alert">
            {errors.categoryItemGrams}
          </p>
        )}
      </fieldset>
      <fieldset className="admin-radio-group" disabled={!mayChange}>
        <legend>Druck</legend>
        <FormField label="Druckformat der Labels" hint="Das Papier oder Etikett Ihres Druckers." error={errors.printFormat}>
          {(control) => (
            <select {...control} name="printFormat" defaultValue={settings.printFormat ?? ''}>
              <option value="">Wie im DHL-Geschäftskundenportal eingestellt</option>
              {DHL_LABEL_PRINT_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {PRINT_FORMAT_LABELS[format]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </fieldset>
      <CashOnDeliveryFields settings={settings.cashOnDelivery} errors={errors} disabled={!mayChange} />
      <p className="shop-field__hint">
        {settings.updatedAt
          ? `Zuletzt geändert am ${formatDateTime(new Date(settings.updatedAt))}.`
          : 'Noch nicht geändert: Es gilt die Voreinstellung (Ident-Check, ohne Verpackungsgewicht).'}
      </p>
      {stale && (
        <Notice tone="warning" role="alert">
          {STALE_MESSAGE}{' '}
          <Button
            variant="secondary"
            onClick={() => {
              setStale(false);
              void queryClient.invalidateQueries({ queryKey: shippingKeys.settings });
            }}
          >
            Neu laden
          </Button>
        </Notice>
      )}
      {errors[''] && (
        <p className="shop-field__error" role="alert">
          {errors['']}
        </p>
      )}
      {mayChange && (
        <Button type="submit" disabled={busy}>
          {busy ? 'Wird gespeichert…' : 'Versandeinstellungen speichern'}
        </Button>
      )}
    </form>
  );
}
