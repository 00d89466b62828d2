import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LABEL_RUN_MAX_ORDERS, type LabelRun } from '@shop/contracts/admin';
import { formatInteger, formatIsoDate, isoDateInBerlin } from '@shop/format';
import { href } from '@shop/routes';
import { Button, buttonClass } from '@shop/ui';
import { showToast } from '@shop/shell-api';
import { shippingApi } from '../../api/shipping-api';
import { InputError } from '../../components/action-form';
import { DhlMessages } from '../../components/dhl-messages';
import { AdminTable, SelectCell } from '../../components/admin-table';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { LABEL_STATE_LABELS, labelErrorText } from '../../lib/shipping-texts';
import { shippingKeys, shippingQueries } from './shipping-queries';

type RunOutcome = LabelRun['results'][number]['outcome'];

/** The payment day as a German date (a 'YYYY-MM-DD' day, or the German day of a time). */
const paidDay = (paidOn: string) => formatIsoDate(/^\d{4}-\d{2}-\d{2}$/.test(paidOn) ? paidOn : isoDateInBerlin(new Date(paidOn)));

/** What a bulk run did for one order, in staff's words. */
const OUTCOME_LABELS: Record<RunOutcome, string> = {
  booked: 'Label erstellt',
  'already-labelled': 'Hatte schon ein Label (im PDF enthalten)',
  refused: 'Abgelehnt, nichts gebucht',
  failed: 'DHL nicht erreichbar, nichts gebucht',
  'outcome-unknown': 'Ergebnis unbekannt: bitte auf der Bestellseite klären',
};

/** The results of one bulk run per order, and the combined PDF of its labels. */
function RunResults({ run }: { run: LabelRun }) {
  return (
    <section className="admin-fieldset" aria-labelledby="admin-label-run-title">
      <h3 id="admin-label-run-title">Ergebnis der Label-Erstellung</h3>
      <ul className="admin-label-run" aria-label="Ergebnis je Bestellung">
        {run.results.map((result) => (
          <li key={result.orderId} data-testid="admin-label-run-result">
            <Link to={href('/admin/orders/:id', { id: result.orderId })}>{result.orderNumber}</Link>: {OUTCOME_LABELS[result.outcome]}
            {result.shipmentNumber && ` · Sendungsnummer ${result.shipmentNumber}`}
            <DhlMessages messages={result.messages} label={`Meldungen zu ${result.orderNumber}`} />
          </li>
        ))}
      </ul>
      {run.pdfUrl ? (
        <p>
          <a className={buttonClass('primary')} href={run.pdfUrl} target="_blank" rel="noopener noreferrer">
            Alle Labels als ein PDF
          </a>
        </p>
      ) : (
        <p>Kein Label zum Drucken.</p>
      )}
    </section>
  );
}

/**
 * The orders waiting for their parcel as the service lists them (paid by transfer, or cash on
 * delivery ready to ship; the screen filters none out), oldest first: select some or all and book
 * their labels in one run (orders that have a label are skipped by the service, never booked twice).
 */
export function ShippingQueue() {
  const queryClient = useQueryClient();
  const queue = useQuery(shippingQueries.queue());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [lastRun, setLastRun] = useState<LabelRun | null>(null);
  const { busy, error, run } = useSingleFlight((failure) => (failure instanceof InputError ? failure.message : labelErrorText(failure)));
  const book = async () => {
    await run(async () => {
      if (selected.size > LABEL_RUN_MAX_ORDERS)
        throw new InputError(`Bitte wählen Sie höchstens ${LABEL_RUN_MAX_ORDERS} Bestellungen je Durchgang.`);
      const done = await shippingApi.run([...selected]);
      setLastRun(done);
      setSelected(new Set());
      const booked = done.results.filter((result) => result.outcome === 'booked').length;
      showToast({ title: `${booked} ${booked === 1 ? 'Label' : 'Labels'} erstellt`, variant: 'success' });
    });
    // Labels booked (or not): the queue shows them anew.
    void queryClient.invalidateQueries({ queryKey: shippingKeys.queue });
  };
  return (
    <section aria-labelledby="admin-shipping-queue-title">
      <h2 id="admin-shipping-queue-title">Versandbereite Bestellungen</h2>
      <AdminTable
        query={queue}
        rowsOf={(data) => data.orders}
        texts={{
          loading: 'Bestellungen werden geladen…',
          failed: 'Die versandbereiten Bestellungen konnten nicht geladen werden.',
          empty: 'Keine Bestellung wartet auf den Versand.',
          count: (total, { orders }) =>
            `${total > orders.length ? `Die ältesten ${orders.length} von ${total}` : total} ${total === 1 ? 'Bestellung' : 'Bestellungen'}`,
          caption: 'Versandbereite Bestellungen, älteste zuerst',
        }}
        columns={['Bestellung', 'Name', 'PLZ / Ort', 'Artikel', 'Gewicht', 'Label']}
        selection={{
          selected,
          onChange: setSelected,
          idOf: (order) => order.orderId,
          allLabel: 'Alle Bestellungen auswählen',
          actions: (
            <Button disabled={busy || selected.size === 0} onClick={() => void book()}>
              {busy ? 'Labels werden erstellt…' : 'Labels für Auswahl erstellen'}
            </Button>
          ),
        }}
        notice={
          error && (
            <p className="shop-field__error" role="alert">
              {error}
            </p>
          )
        }
      >
        {({ orders }) =>
          orders.map((order) => (
            <tr key={order.orderId} data-testid="admin-shipping-row">
              <SelectCell id={order.orderId} label={`${order.orderNumber} auswählen`} />
              <td data-label="Bestellung">
                <Link to={href('/admin/orders/:id', { id: order.orderId })}>{order.orderNumber}</Link>
                {order.paymentMethod === 'cod' ? (
                  <span className="admin-table__sub">Nachnahme</span>
                ) : (
                  order.paidOn && <span className="admin-table__sub">bezahlt am {paidDay(order.paidOn)}</span>
                )}
                {order.withdrawn && <span className="admin-flag">Widerrufen: nicht versenden</span>}
              </td>
              <td data-label="Name">{order.name}</td>
              <td data-label="PLZ / Ort">
                {order.postalCode} {order.city}
              </td>
              <td data-label="Artikel">{formatInteger(order.itemCount)}</td>
              <td data-label="Gewicht">{order.weightGrams === null ? 'fehlt' : `${formatInteger(order.weightGrams)} g`}</td>
              <td data-label="Label">
                {order.label ? LABEL_STATE_LABELS[order.label.state] : 'noch keins'}
                {order.label?.shipmentNumber && <span className="admin-table__sub">{order.label.shipmentNumber}</span>}
              </td>
            </tr>
          ))
        }
      </AdminTable>
      {lastRun && <RunResults run={lastRun} />}
    </section>
  );
}
