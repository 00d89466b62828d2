import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LABEL_RUN_MAX_ORDERS, type LabelRun } from '@shop/contracts/admin';
import { formatInteger, formatIsoDate, isoDateInBerlin } from '@shop/format';
import { href } from '@shop/routes';
import { Button, buttonClass } from '@shop/ui';
import { showToast } from '@shop/shell-api';
import { SHIPPING_QUEUE_KEY, shippingApi } from '../../api/shipping-api';
import { InputError } from '../../components/action-form';
import { DhlMessages } from '../../components/dhl-messages';
import { QueryState } from '../../components/query-state';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { LABEL_STATE_LABELS, labelErrorText } from '../../lib/shipping-texts';

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
  const queue = useQuery({ queryKey: SHIPPING_QUEUE_KEY, queryFn: shippingApi.queue });
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
    void queryClient.invalidateQueries({ queryKey: SHIPPING_QUEUE_KEY });
  };
  return (
    <section aria-labelledby="admin-shipping-queue-title">
      <h2 id="admin-shipping-queue-title">Versandbereite Bestellungen</h2>
      <QueryState
        query={queue}
        loading="Bestellungen werden geladen…"
        failed="Die versandbereiten Bestellungen konnten nicht geladen werden."
      >
        {({ orders, total }) => {
          if (orders.length === 0) return <p>Keine Bestellung wartet auf den Versand.</p>;
          const allSelected = orders.every((order) => selected.has(order.orderId));
          const toggle = (orderId: string, on: boolean) =>
            setSelected((current) => {
              const next = new Set(current);
              if (on) next.add(orderId);
              else next.delete(orderId);
              return next;
            });
          return (
            <>
              <div className="admin-bulk-bar" aria-live="polite">
                <span>
                  {total > orders.length ? `Die ältesten ${orders.length} von ${total}` : `${total}`}{' '}
                  {total === 1 ? 'Bestellung' : 'Bestellungen'}
                  {selected.size > 0 && ` · ${selected.size} ausgewählt`}
                </span>
                <Button disabled={busy || selected.size === 0} onClick={() => void book()}>
                  {busy ? 'Labels werden erstellt…' : 'Labels für Auswahl erstellen'}
                </Button>
              </div>
              {error && (
                <p className="shop-field__error" role="alert">
                  {error}
                </p>
              )}
              <table className="admin-table" aria-busy={queue.isFetching}>
                <caption className="shop-visually-hidden">Versandbereite Bestellungen, älteste zuerst</caption>
                <thead>
                  <tr>
                    <th scope="col" className="admin-table__select">
                      <input
                        type="checkbox"
                        checked={allSelected}
                        onChange={(event) => setSelected(event.target.checked ? new Set(orders.map((order) => order.orderId)) : new Set())}
                        aria-label="Alle Bestellungen auswählen"
                      />
                    </th>
                    <th scope="col">Bestellung</th>
                    <th scope="col">Name</th>
                    <th scope="col">PLZ / Ort</th>
                    <th scope="col">Artikel</th>
                    <th scope="col">Gewicht</th>
                    <th scope="col">Label</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((order) => (
                    <tr key={order.orderId} data-testid="admin-shipping-row">
                      <td className="admin-table__select">
                        <input
                          type="checkbox"
                          checked={selected.has(order.orderId)}
                          onChange={(event) => toggle(order.orderId, event.target.checked)}
                          aria-label={`${order.orderNumber} auswählen`}
                        />
                      </td>
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
                  ))}
                </tbody>
              </table>
            </>
          );
        }}
      </QueryState>
      {lastRun && <RunResults run={lastRun} />}
    </section>
  );
}
