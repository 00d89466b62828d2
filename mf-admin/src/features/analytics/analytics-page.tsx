import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AnalyticsQuery, type AnalyticsReport } from '@shop/contracts/admin';
import { addDaysToIsoDate, formatEurDecimal, formatInteger, formatIsoDate, isoDateInBerlin } from '@shop/format';
import { Button, LoadFailed, Notice, Spinner } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { DateRangeFields, ListFilters } from '../../components/filter-fields';
import { isoDateParam, useListAddress } from '../../hooks/use-list-address';
import { BarChart } from './bar-chart';
import { analyticsCsv } from './analytics-csv';
import { analyticsQueries } from './analytics-queries';

/** Days shown when no period is chosen: the last 30, today included. */
const DEFAULT_DAYS = 30;

function download(report: AnalyticsReport) {
  const url = URL.createObjectURL(new Blob([analyticsCsv(report)], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `auswertung-${report.from}-bis-${report.to}.csv` });
  link.click();
  URL.revokeObjectURL(url);
}

/** A table of three columns; each row is [key, first, second, third]. Rows turn into cards on phones. */
function FiguresTable({ headers, rows }: { headers: [string, string, string]; rows: Array<[string, string, number, string]> }) {
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, ...cells]) => (
          <tr key={key}>
            {cells.map((cell, index) => (
              <td key={headers[index]} data-label={headers[index]}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const days = useMemo(
    () => ({
      labels: report.days.map((day) => formatIsoDate(day.date).slice(0, 6)),
      values: report.days.map((day) => Number(day.revenue)),
    }),
    [report],
  );
  const categories = useMemo(
    () => ({ labels: report.categories.map((c) => c.name), values: report.categories.map((c) => Number(c.revenue)) }),
    [report],
  );
  return (
    <>
      <dl className="admin-figures" data-testid="analytics-totals">
        <div className="admin-figure">
          <dt>Umsatz</dt>
          <dd>{formatEurDecimal(report.totals.revenue)}</dd>
        </div>
        <div className="admin-figure">
          <dt>Bestellungen</dt>
          <dd>{formatInteger(report.totals.orders)}</dd>
        </div>
        <div className="admin-figure">
          <dt>Durchschnittlicher Bestellwert</dt>
          <dd>{formatEurDecimal(report.totals.averageOrderValue)}</dd>
        </div>
        <div className="admin-figure">
          <dt>Verkaufte Artikel</dt>
          <dd>{formatInteger(report.totals.units)}</dd>
        </div>
      </dl>
      <p>
        <Button variant="secondary" onClick={() => download(report)}>
          Als CSV herunterladen
        </Button>
      </p>

      <h2>Umsatz pro Tag</h2>
      <BarChart
        labels={days.labels}
        values={days.values}
        label="Umsatz in €"
        summary={`Umsatz pro Tag vom ${formatIsoDate(report.from)} bis ${formatIsoDate(report.to)}; die Zahlen stehen in der Tabelle darunter.`}
      />
      <details className="admin-panel">
        <summary>Tabelle: Umsatz und Bestellungen pro Tag</summary>
        <FiguresTable
          headers={['Tag', 'Bestellungen', 'Umsatz']}
          rows={report.days.map((day) => [day.date, formatIsoDate(day.date), day.orders, formatEurDecimal(day.revenue)])}
        />
      </details>

      <h2>Umsatz pro Kategorie</h2>
      {report.categories.length ? (
        <>
          <BarChart
            horizontal
            labels={categories.labels}
            values={categories.values}
            label="Umsatz in €"
            summary="Umsatz pro Kategorie; die Zahlen stehen in der Tabelle darunter."
          />
          <FiguresTable
            headers={['Kategorie', 'Artikel', 'Umsatz']}
            rows={report.categories.map((category) => [
              category.category,
              category.name,
              category.units,
              formatEurDecimal(category.revenue),
            ])}
          />
        </>
      ) : (
        <p>Keine Verkäufe im Zeitraum.</p>
      )}

      <h2>Meistverkaufte Produkte</h2>
      {report.topProducts.length ? (
        <ol className="admin-stock-list">
          {report.topProducts.map((product) => (
            <li key={product.productId}>
              {product.name}: {product.units} Stück, {formatEurDecimal(product.revenue)}
            </li>
          ))}
        </ol>
      ) : (
        <p>Keine Verkäufe im Zeitraum.</p>
      )}

      <h2>Gutscheincodes</h2>
      {report.promoCodes.length ? (
        <ul className="admin-stock-list">
          {report.promoCodes.map((promo) => (
            <li key={promo.code}>
              {promo.code}: {promo.orders} Bestellungen, {formatEurDecimal(promo.discount)} Rabatt
            </li>
          ))}
        </ul>
      ) : (
        <p>Im Zeitraum wurde kein Gutscheincode eingelöst.</p>
      )}
      <p className="shop-field__hint">
        Umsatz: gezahlte Beträge (Bestellungen mit verbuchtem Zahlungseingang) inkl. MwSt. und Versand, nach Gutscheinrabatten, abzüglich
        Erstattungen nach Widerruf. Bestellungen: alle aufgegebenen, auch noch nicht bezahlte; stornierte Bestellungen zählen nicht.
        Verkaufte Artikel, Kategorien und Produkte: die bezahlten Bestellungen, Artikelpreise vor Gutscheinrabatt, Versand und Erstattungen.
      </p>
    </>
  );
}

/**
 * /admin/analytics: sales of a chosen period (default: the last 30 days): totals,
 * average order value, revenue per day and per category as charts (Chart.js) with the numbers
 * as tables, top products, promo code use, and a CSV download. The period lives in the address.
 */
export function AnalyticsPage() {
  useSeo({ title: 'Auswertungen', robots: 'noindex, nofollow' });
  const { params, submitFilters } = useListAddress(['von', 'bis']);
  const today = isoDateInBerlin(new Date());
  const query = {
    from: isoDateParam(params.get('von')) ?? addDaysToIsoDate(today, 1 - DEFAULT_DAYS),
    to: isoDateParam(params.get('bis')) ?? today,
  };
  const valid = AnalyticsQuery.safeParse(query);
  const report = useQuery({ ...analyticsQueries.report(query), enabled: valid.success });
  return (
    <section className="shop-page admin-page">
      <h1>Auswertungen</h1>
      <ListFilters onSubmit={submitFilters} submitLabel="Anzeigen" search={false}>
        <DateRangeFields id="analytics" from={query.from} to={query.to} />
      </ListFilters>
      {!valid.success ? (
        <Notice tone="warning" role="alert">
          {valid.error.issues[0]?.message}
        </Notice>
      ) : report.isPending ? (
        <Spinner label="Auswertung wird berechnet…" />
      ) : report.isError ? (
        <LoadFailed message="Die Auswertung konnte nicht geladen werden." onRetry={() => void report.refetch()} />
      ) : (
        <Report report={report.data} />
      )}
    </section>
  );
}
