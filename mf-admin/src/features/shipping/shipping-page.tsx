import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CloseOutResult, ShippingQueue as ShippingQueueData, ShippingSettings } from '@shop/contracts/admin';
import { Button } from '@shop/ui';
import { showToast, useSeo } from '@shop/shell-api';
import { shippingApi } from '../../api/shipping-api';
import { QueryState } from '../../components/query-state';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { labelErrorText } from '../../lib/shipping-texts';
import { ShippingQueue } from './shipping-queue';
import { ShippingSettingsForm } from './shipping-settings-form';
import { shippingKeys, shippingQueries } from './shipping-queries';

/**
 * Why the close-out cannot be sent now (German), or null: DHL's API is not configured, or the
 * queue, read in full, has no booked label (the close-out closes labels of orders still waiting
 * for their parcel; a queue cut at its limit may hold more than it lists, so it stays allowed).
 */
function closeOutBlocked(dhl: ShippingSettings['dhl'] | undefined, queue: ShippingQueueData | undefined): string | null {
  if (dhl && !dhl.configured) return `DHL ist nicht eingerichtet: ${dhl.reason ?? ''} Der Tagesabschluss ist erst danach möglich.`;
  if (queue && queue.total <= queue.orders.length && !queue.orders.some((order) => order.label?.state === 'booked'))
    return 'Es gibt kein gebuchtes Label, das noch abzuschließen ist.';
  return null;
}

/**
 * The close-out at DHL: after a confirmation, every booked label not closed out yet, whatever day
 * it was booked on; says which labels were closed and which were not (refused by DHL, or by the
 * shop, e.g. for an order cancelled meanwhile). Disabled, with the reason, while DHL is not
 * configured or no label waits for it.
 */
function CloseOut({ dhl }: { dhl: ShippingSettings['dhl'] | undefined }) {
  const queryClient = useQueryClient();
  const queue = useQuery(shippingQueries.queue());
  const blocked = closeOutBlocked(dhl, queue.data);
  const [result, setResult] = useState<CloseOutResult | null>(null);
  const { busy, error, run } = useSingleFlight(labelErrorText);
  const closeOut = async () => {
    if (busy) return;
    if (
      !window.confirm(
        'Tagesabschluss jetzt an DHL senden? Danach lassen sich die gemeldeten Labels nicht mehr stornieren, und die Bestellungen werden als versandt verbucht (die Kunden erhalten die Sendungsverfolgung per E-Mail).',
      )
    )
      return;
    await run(async () => {
      setResult(await shippingApi.closeOut());
      showToast({ title: 'Tagesabschluss gesendet', variant: 'success' });
    });
    // Labels closed out (or not): the queue shows them anew.
    void queryClient.invalidateQueries({ queryKey: shippingKeys.queue });
  };
  return (
    <section className="admin-fieldset" aria-labelledby="admin-close-out-title">
      <h2 id="admin-close-out-title">Tagesabschluss bei DHL</h2>
      <p className="shop-field__hint">
        Meldet DHL alle gebuchten Labels, die noch in keinem Tagesabschluss waren, gleich an welchem Tag sie erstellt wurden. Die
        Bestellungen werden dann mit ihrer Sendungsnummer als versandt verbucht; stornieren lässt sich danach nichts mehr.
      </p>
      {error && (
        <p className="shop-field__error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div role="status" data-testid="admin-close-out-result">
          <p>
            {result.closedOut.length} {result.closedOut.length === 1 ? 'Sendung' : 'Sendungen'} abgeschlossen, {result.shipped}{' '}
            {result.shipped === 1 ? 'Bestellung' : 'Bestellungen'} als versandt verbucht.
          </p>
          {result.closedOut.length > 0 && (
            <ul aria-label="Abgeschlossen">
              {result.closedOut.map((done) => (
                <li key={done.shipmentNumber}>
                  {done.orderNumber}: {done.shipmentNumber}
                </li>
              ))}
            </ul>
          )}
          {result.refused.length > 0 && (
            <>
              <p className="shop-field__error">Nicht abgeschlossen (bleiben offen):</p>
              <ul aria-label="Nicht abgeschlossen">
                {result.refused.map((refused) => (
                  <li key={refused.shipmentNumber}>
                    {refused.orderNumber} ({refused.shipmentNumber}): {refused.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {blocked && !result && (
        <p className="shop-field__hint" data-testid="admin-close-out-blocked">
          {blocked}
        </p>
      )}
      <Button disabled={busy || blocked !== null} onClick={() => void closeOut()}>
        {busy ? 'Tagesabschluss läuft…' : 'Tagesabschluss'}
      </Button>
    </section>
  );
}

/**
 * /admin/versand (permission `orders:write`; the settings need `settings:write`): the orders
 * waiting for their parcel (paid, or cash on delivery) with DHL labels for a selection in one run,
 * the day's close-out, and the shipping settings (age check, weights, print format, cash on
 * delivery; packages/contracts shipping-labels.ts).
 */
export function ShippingPage() {
  useSeo({ title: 'Versand', robots: 'noindex, nofollow' });
  const settings = useQuery(shippingQueries.settings());
  return (
    <section className="shop-page admin-page admin-shipping">
      <h1>Versand</h1>
      <p className="shop-field__hint">
        DHL-Labels mit Altersprüfung für die versandbereiten Bestellungen (bezahlt oder per Nachnahme): auswählen, Labels erstellen, alle
        auf einmal drucken und abends den Tagesabschluss senden. Einzelne Labels und Stornos finden Sie auch auf der Seite der Bestellung.
      </p>
      <ShippingQueue />
      <CloseOut dhl={settings.data?.dhl} />
      <QueryState
        query={settings}
        loading="Versandeinstellungen werden geladen…"
        failed="Die Versandeinstellungen konnten nicht geladen werden."
      >
        {(data) => <ShippingSettingsForm key={data.version} settings={data} />}
      </QueryState>
    </section>
  );
}
