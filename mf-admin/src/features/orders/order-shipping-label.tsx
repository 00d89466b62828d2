import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasCode } from '@shop/api-client';
import { MAX_PARCEL_WEIGHT_GRAMS } from '@shop/contracts';
import {
  ShippingLabelResolution,
  type AdminOrderDetail,
  type DhlMessage,
  type ShippingLabel,
  type ShippingLabelView,
} from '@shop/contracts/admin';
import { formatDateTime, formatEurDecimal, formatInteger } from '@shop/format';
import { Button, buttonClass, Notice } from '@shop/ui';
import { FormField } from '@shop/ui/form';
import { showToast } from '@shop/shell-api';
import { shippingApi } from '../../api/shipping-api';
import { ActionField, ActionForm, InputError } from '../../components/action-form';
import { DhlMessages } from '../../components/dhl-messages';
import { QueryState } from '../../components/query-state';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { AGE_CHECK_TEXTS, dhlMessagesOf, labelErrorText } from '../../lib/shipping-texts';
import { ordersKeys, ordersQueries } from './orders-queries';

/**
 * Whether an order waits for its parcel, so a label may be booked and the order shipped: paid by
 * transfer, or placed with cash on delivery (paid at the door; OrderStatus in orders.ts).
 */
export const awaitsShipment = (status: AdminOrderDetail['status']) => status === 'paid' || status === 'ready_to_ship';

/**
 * Orders whose DHL label is read: paid or cash on delivery ready to ship (to book one), shipped
 * and delivered (the label they printed), cancelled (a label booked before the cancel must be
 * cancelled at DHL too: the close-out refuses it). An order awaiting payment cannot have one.
 */
const LABEL_STATUSES: ReadonlySet<AdminOrderDetail['status']> = new Set(['paid', 'ready_to_ship', 'shipped', 'delivered', 'cancelled']);

/** The order's DHL label and booking proposal (`GET /api/admin/orders/{id}/shipping-label`), read for the statuses that have one. */
export function useOrderLabel(order: AdminOrderDetail) {
  return useQuery({ ...ordersQueries.label(order.id), enabled: LABEL_STATUSES.has(order.status) });
}

const when = (iso: string) => formatDateTime(new Date(iso));

/** What a cash-on-delivery label carries: DHL's Nachnahme service with the amount the courier collects. */
function CodAmount({ order }: { order: AdminOrderDetail }) {
  if (order.payment.method !== 'cod') return null;
  return (
    <p data-testid="admin-label-cod">
      Nachnahme: Das Label trägt den Nachnahmebetrag von <strong>{formatEurDecimal(order.payment.amount)}</strong>; der Zusteller kassiert
      ihn bei der Zustellung bar.
    </p>
  );
}

/**
 * A label call of an ActionForm: its failure shown with DHL's own message (see
 * labelErrorText); after a CONFLICT (the routes' only 409 code) `onConflict` runs (e.g. the label is read again: someone or
 * something else changed it meanwhile).
 */
async function labelCall(call: () => Promise<ShippingLabelView>, onConflict?: () => void): Promise<ShippingLabelView> {
  try {
    return await call();
  } catch (failure) {
    if (hasCode(failure, 'CONFLICT')) onConflict?.();
    throw new InputError(labelErrorText(failure));
  }
}

/**
 * 'DHL-Label erstellen': the age check that will be booked, the parcel weight (prefilled with the
 * weight worked out from the settings; required when products have none), and DHL's refusal at its
 * fields: the weight at the weight field, address and shipper problems as a list naming the field.
 * A second tap while the booking runs does nothing.
 */
function BookingForm({
  order,
  proposal,
  onDone,
}: {
  order: AdminOrderDetail;
  proposal: ShippingLabelView['proposal'];
  onDone: (view: ShippingLabelView | null) => void;
}) {
  const { busy, error, run } = useSingleFlight(labelErrorText);
  const [weightError, setWeightError] = useState<string | null>(null);
  const [messages, setMessages] = useState<DhlMessage[]>([]);
  const age = AGE_CHECK_TEXTS[proposal.ageCheck];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('weightGrams') ?? '').trim();
    const grams = Number(text);
    if (!text || !Number.isInteger(grams) || grams < 1 || grams > MAX_PARCEL_WEIGHT_GRAMS) {
      setWeightError(`Bitte geben Sie das Paketgewicht in ganzen Gramm ein (1 bis ${formatInteger(MAX_PARCEL_WEIGHT_GRAMS)} g).`);
      return;
    }
    void run(async () => {
      setWeightError(null);
      setMessages([]);
      try {
        // The worked-out weight is the service's own; only a weight staff changed is sent as an override.
        const view = await shippingApi.book(order.id, grams === proposal.weightGrams ? {} : { weightGrams: grams });
        showToast({ title: 'DHL-Label erstellt', description: `Sendungsnummer ${view.label?.shipmentNumber ?? '–'}`, variant: 'success' });
        onDone(view);
      } catch (failure) {
        const refused = dhlMessagesOf(failure);
        if (!refused) {
          // A conflict or DHL unreachable: the label may have changed meanwhile (booked elsewhere, outcome unknown).
          onDone(null);
          throw failure;
        }
        setWeightError(
          refused
            .filter((message) => message.field === 'weightGrams')
            .map((message) => message.message)
            .join(' ') || null,
        );
        setMessages(refused.filter((message) => message.field !== 'weightGrams'));
      }
    });
  };
  return (
    <form className="admin-fieldset admin-action" noValidate onSubmit={submit}>
      <h3>DHL-Label erstellen</h3>
      <p>
        Altersprüfung: <strong>{age.label}</strong>. {age.description}
      </p>
      <CodAmount order={order} />
      {proposal.missingWeights.length > 0 && (
        <div>
          <p>Diese Artikel haben kein Versandgewicht (weder am Produkt noch an der Kategorie):</p>
          <ul aria-label="Artikel ohne Gewicht">
            {proposal.missingWeights.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      )}
      <FormField
        label="Paketgewicht in g"
        hint={
          proposal.weightGrams === null
            ? 'Bitte wiegen Sie das Paket und geben Sie das Gewicht ein.'
            : 'Berechnet aus Verpackung und Artikelgewichten; ändern Sie es, wenn das Paket anders wiegt.'
        }
        error={weightError ?? undefined}
      >
        {(control) => (
          <input
            {...control}
            name="weightGrams"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_PARCEL_WEIGHT_GRAMS}
            step={1}
            required
            defaultValue={proposal.weightGrams ?? ''}
          />
        )}
      </FormField>
      {messages.length > 0 && (
        <div role="alert">
          <p className="shop-field__error">DHL hat das Label nicht erstellt:</p>
          <DhlMessages messages={messages} label="Meldungen von DHL" />
        </div>
      )}
      {error && (
        <p className="shop-field__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Label wird erstellt…' : 'DHL-Label erstellen'}
      </Button>
    </form>
  );
}

/** A booked label: its number, age check, weight, DHL's warnings, the PDF and, before the close-out, the cancel. */
function BookedLabel({
  order,
  label,
  onDone,
}: {
  order: AdminOrderDetail;
  label: ShippingLabel;
  onDone: (view: ShippingLabelView) => void;
}) {
  const cancel = async () => {
    onDone(await labelCall(() => shippingApi.cancel(order.id)));
    showToast({ title: 'DHL-Label storniert', variant: 'success' });
  };
  // Shipped under another number: the parcel went with another label, this one is unused.
  const shippedOtherwise = order.shipment !== null && order.shipment.trackingNumber !== label.shipmentNumber;
  const cancellable = !label.closedOutAt && (awaitsShipment(order.status) || order.status === 'cancelled' || shippedOtherwise);
  return (
    <>
      {cancellable && order.status === 'cancelled' && (
        <Notice tone="warning" role="status">
          <strong>Bestellung storniert, Label noch gebucht:</strong> Bitte stornieren Sie das Label, damit DHL das Paket nicht im
          Tagesabschluss übernimmt.
        </Notice>
      )}
      {cancellable && shippedOtherwise && (
        <Notice tone="warning" role="status">
          <strong>Versandt mit einer anderen Sendungsnummer:</strong> Dieses Label wurde nicht verwendet. Bitte stornieren Sie es, damit DHL
          es nicht im Tagesabschluss übernimmt.
        </Notice>
      )}
      {order.status !== 'cancelled' && <CodAmount order={order} />}
      <dl className="admin-facts">
        <div>
          <dt>Sendungsnummer</dt>
          <dd data-testid="admin-label-shipment-number">{label.shipmentNumber ?? '–'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            Label erstellt{label.bookedAt && ` am ${when(label.bookedAt)}`}
            {label.closedOutAt ? ` · im Tagesabschluss am ${when(label.closedOutAt)}` : ' · noch nicht im Tagesabschluss'}
          </dd>
        </div>
        <div>
          <dt>Altersprüfung</dt>
          <dd>{AGE_CHECK_TEXTS[label.ageCheck].label}</dd>
        </div>
        <div>
          <dt>Gewicht</dt>
          <dd>{formatInteger(label.weightGrams)} g</dd>
        </div>
      </dl>
      {label.warnings.length > 0 && (
        <>
          <h3>Hinweise von DHL</h3>
          <DhlMessages messages={label.warnings} label="Hinweise von DHL" />
        </>
      )}
      {label.hasPdf ? (
        <p>
          <a className={buttonClass('secondary')} href={shippingApi.pdfUrl(order.id)} target="_blank" rel="noopener noreferrer">
            Label drucken (PDF)
          </a>
        </p>
      ) : (
        <p>Zu diesem Label ist kein PDF gespeichert: Bitte drucken Sie es im DHL-Geschäftskundenportal.</p>
      )}
      {cancellable && (
        <ActionForm
          legend="Label stornieren"
          submitLabel="Label stornieren"
          confirm={`Das DHL-Label ${label.shipmentNumber ?? ''} der Bestellung ${order.orderNumber} wirklich stornieren? Das gedruckte Label ist dann ungültig.`}
          onSubmit={cancel}
        >
          <p className="shop-field__hint">
            Stornieren ist bis zum Tagesabschluss möglich. Nach dem Stornieren können Sie ein neues Label erstellen.
          </p>
        </ActionForm>
      )}
    </>
  );
}

/**
 * A booking whose answer was lost: what to look up in DHL's portal, and staff's two findings.
 * 'Not booked' asks first (a wrong finding books a second label); the service refuses it while
 * the booking may still be running (409: its message shown, the label read again, as the
 * booking may have ended meanwhile).
 */
function UnknownOutcome({ order, onDone }: { order: AdminOrderDetail; onDone: (view: ShippingLabelView | null) => void }) {
  const reread = () => onDone(null);
  const notBooked = async () => {
    onDone(await labelCall(() => shippingApi.resolve(order.id, { outcome: 'not-booked' }), reread));
    showToast({
      title: 'Geklärt: nicht gebucht',
      description: awaitsShipment(order.status) ? 'Es kann ein neues Label erstellt werden.' : undefined,
      variant: 'success',
    });
  };
  const booked = async (data: FormData) => {
    const resolution = ShippingLabelResolution.safeParse({
      outcome: 'booked',
      shipmentNumber: String(data.get('shipmentNumber') ?? '')
        .replaceAll(/\s/g, '')
        .toUpperCase(),
    });
    if (!resolution.success) throw new InputError(resolution.error.issues[0]?.message ?? 'Bitte geben Sie die Sendungsnummer ein.');
    onDone(await labelCall(() => shippingApi.resolve(order.id, resolution.data), reread));
    showToast({ title: 'Sendungsnummer übernommen', variant: 'success' });
  };
  return (
    <>
      <Notice tone="warning" role="status">
        <strong>Ergebnis unbekannt:</strong> Die Buchung ging an DHL, aber ihre Antwort kam nicht an. DHL hat das Label vielleicht erstellt.
        Bitte suchen Sie im DHL-Geschäftskundenportal unter „Sendungen“ nach der Referenz {order.orderNumber} und tragen Sie hier ein, was
        Sie finden. Bis dahin erstellt der Shop für diese Bestellung kein Label, damit es nicht doppelt gebucht wird.
      </Notice>
      <div className="admin-actions">
        <ActionForm
          legend="Bei DHL nicht gebucht"
          submitLabel="Nicht gebucht: neues Label erlauben"
          confirm={`Haben Sie im DHL-Geschäftskundenportal unter „Sendungen“ nach der Referenz ${order.orderNumber} gesucht und keine Sendung gefunden? Nur dann bestätigen: Hat DHL das Label doch erstellt, wird sonst ein zweites Label gebucht und berechnet.`}
          onSubmit={notBooked}
        >
          <p className="shop-field__hint">Im Portal gibt es keine Sendung mit dieser Referenz.</p>
        </ActionForm>
        <ActionForm legend="Bei DHL gebucht" submitLabel="Sendungsnummer übernehmen" onSubmit={booked}>
          <ActionField
            name="shipmentNumber"
            label="Sendungsnummer aus dem Portal"
            autoComplete="off"
            hint="Das Label drucken Sie dann im Portal: Der Shop hat dazu kein PDF."
          />
        </ActionForm>
      </div>
    </>
  );
}

/**
 * What became of a label that is no more: cancelled at DHL (with its number), or a booking whose
 * answer was lost and that staff found not booked in DHL's portal (no number: nothing was booked).
 */
function cancelledText(label: ShippingLabel): string {
  const on = label.cancelledAt ? ` am ${when(label.cancelledAt)}` : '';
  return label.shipmentNumber
    ? `Das Label ${label.shipmentNumber} wurde${on} storniert.`
    : `Die Buchung ohne Antwort von DHL wurde${on} geklärt: Bei DHL ist kein Label gebucht.`;
}

/**
 * Why no label can be booked here now (the service's German reason), as a notice; for an order
 * waiting for its parcel also what a label by hand in DHL's portal needs: the age check the order
 * was placed under and the worked-out weight (or the products without one).
 */
function BlockedBooking({ order, proposal }: { order: AdminOrderDetail; proposal: ShippingLabelView['proposal'] }) {
  const age = AGE_CHECK_TEXTS[proposal.ageCheck];
  return (
    <Notice tone="warning">
      <p data-testid="admin-label-blocked">{proposal.blockedReason}</p>
      {awaitsShipment(order.status) && (
        <p>
          Für ein Label von Hand im DHL-Geschäftskundenportal: Altersprüfung <strong>{age.label}</strong>
          {order.payment.method === 'cod' && <>, Nachnahme {formatEurDecimal(order.payment.amount)}</>}, Paketgewicht{' '}
          {proposal.weightGrams === null
            ? `unbekannt (kein Versandgewicht für ${proposal.missingWeights.join(', ')})`
            : `${formatInteger(proposal.weightGrams)} g`}
          . Die Sendungsnummer tragen Sie danach unter „Versenden“ ein.
        </p>
      )}
    </Notice>
  );
}

/**
 * The order page's section 'DHL-Versand' (packages/contracts shipping-labels.ts): the label's
 * state, and for an order that awaits shipment (paid, or cash on delivery ready to ship: its
 * label carries the amount to collect) the booking, cancel before the close-out, or the resolution of a
 * booking whose outcome is unknown. A cancelled order shows it only when it has a label (to
 * cancel a booked one, or resolve an unknown outcome).
 */
export function OrderShippingLabel({ order }: { order: AdminOrderDetail }) {
  const queryClient = useQueryClient();
  const query = useOrderLabel(order);
  if (!LABEL_STATUSES.has(order.status)) return null;
  if (order.status === 'cancelled' && !query.isError && !query.data?.label) return null;
  const key = ordersKeys.label(order.id);
  /** The label as the service answered it, or (null) read again after a refusal that may have changed it. */
  const onDone = (view: ShippingLabelView | null) => {
    if (view) queryClient.setQueryData(key, view);
    else void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ordersKeys.shippingQueue });
  };
  return (
    <section className="admin-shipping-label" aria-labelledby="admin-shipping-label-title">
      <h2 id="admin-shipping-label-title">DHL-Versand</h2>
      <QueryState query={query} loading="DHL-Label wird geladen…" failed="Das DHL-Label konnte nicht geladen werden.">
        {({ label, proposal }) =>
          label?.state === 'booked' ? (
            <BookedLabel order={order} label={label} onDone={onDone} />
          ) : label?.state === 'outcome-unknown' ? (
            <UnknownOutcome order={order} onDone={onDone} />
          ) : (
            <>
              {label?.state === 'cancelled' && <p data-testid="admin-label-cancelled">{cancelledText(label)}</p>}
              {proposal.blockedReason ? (
                <BlockedBooking order={order} proposal={proposal} />
              ) : (
                awaitsShipment(order.status) && <BookingForm order={order} proposal={proposal} onDone={onDone} />
              )}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
