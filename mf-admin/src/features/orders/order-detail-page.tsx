import { Link, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasCode, isInvalid } from '@shop/api-client';
import type { AdminOrderDetail, OrderAction } from '@shop/contracts/admin';
import { COD_FEE_LABEL, ORDER_STATUS_LABELS, invoiceLabel, invoicePdfUrl, isPrepayment } from '@shop/cart-rules';
import { formatDateTime, formatEurDecimal, formatIsoDate, isoDateInBerlin, parseEuroInput } from '@shop/format';
import { href } from '@shop/routes';
import { LoadFailed, Notice, Spinner } from '@shop/ui';
import { showToast, useSeo } from '@shop/shell-api';
import { ordersApi } from '../../api/orders-api';
import { ActionField, ActionForm, InputError } from '../../components/action-form';
import { apiErrorText } from '../../lib/api-error-text';
import { ordersKeys, ordersQueries } from './orders-queries';
import { OrderShippingLabel, awaitsShipment, useOrderLabel } from './order-shipping-label';

const addressLines = (address: AdminOrderDetail['billingAddress']) =>
  [`${address.firstName} ${address.lastName}`, address.street, address.addressLine2, `${address.postalCode} ${address.city}`].filter(
    Boolean,
  );

/** 'YYYY-MM-DD' of today in Germany (default of the date fields). */
const today = () => isoDateInBerlin(new Date());

/** Why an order was cancelled, for the reasons without a staff note. */
const CANCELLATION_REASONS: Partial<Record<NonNullable<AdminOrderDetail['cancellation']>['reason'], string>> = {
  payment_overdue: 'keine Zahlung bis zur Frist',
  withdrawal: 'Widerruf vor der Zahlung (nichts zu erstatten)',
};
/** An amount field's value as the API's two-decimal string. @throws InputError when it is none. */
function euro(data: FormData, name: string): string {
  const amount = parseEuroInput(String(data.get(name) ?? ''));
  if (!amount) throw new InputError('Bitte geben Sie den Betrag in Euro ein, z. B. 49,96.');
  return amount;
}

/**
 * Runs the 'ship' step and shows a refusal of its tracking number at the field: the service's
 * VALIDATION_ERROR at `body/trackingNumber`, and, while the order has a booked DHL label not
 * closed out, its CONFLICT for a number other than the label's (services/cart
 * order-fulfillment.ts). Other failures (STALE_VERSION, the service unreachable) stay under the form.
 */
async function shipWith(call: () => Promise<void>, openLabel: boolean): Promise<void> {
  try {
    await call();
  } catch (failure) {
    const issue = isInvalid(failure) ? failure.issues.find((item) => item.path === 'body/trackingNumber') : undefined;
    if (issue) throw new InputError(issue.message, 'trackingNumber');
    if (openLabel && hasCode(failure, 'CONFLICT')) throw new InputError(apiErrorText(failure), 'trackingNumber');
    throw failure;
  }
}

/** Statuses staff may cancel from: before the parcel is shipped (admin-orders.ts OrderAction). */
const CANCELLABLE: ReadonlySet<AdminOrderDetail['status']> = new Set(['awaiting_payment', 'paid', 'ready_to_ship']);

/**
 * A cash-on-delivery order the courier has (or may have) collected for, without a payment
 * recorded: shipped or delivered (admin-orders.ts OrderAction 'mark-paid').
 */
const codPaymentToRecord = (order: AdminOrderDetail) =>
  !isPrepayment(order) && (order.status === 'shipped' || order.status === 'delivered') && order.paymentReceived === null;

/**
 * 'mark-paid': the day, the amount (prefilled with the order total, which the service requires)
 * and a note: a transfer for prepayment, the cash the courier collected for cash on delivery.
 */
function MarkPaid({
  legend,
  receivedOnLabel,
  amount,
  amountHint,
  version,
  act,
}: {
  legend: string;
  receivedOnLabel: string;
  amount: string;
  amountHint: string;
  version: number;
  act: (action: OrderAction) => Promise<void>;
}) {
  return (
    <ActionForm
      legend={legend}
      submitLabel="Als bezahlt verbuchen"
      onSubmit={(data) =>
        act({
          action: 'mark-paid',
          version,
          receivedOn: String(data.get('receivedOn')),
          amount: euro(data, 'amount'),
          note: String(data.get('note') ?? ''),
        })
      }
    >
      <ActionField name="receivedOn" label={receivedOnLabel} type="date" defaultValue={today()} max={today()} required />
      <ActionField
        name="amount"
        label="Betrag in €"
        inputMode="decimal"
        defaultValue={amount.replace('.', ',')}
        hint={amountHint}
        required
      />
      <ActionField name="note" label="Notiz (optional, z. B. Bank oder Auszug)" />
    </ActionForm>
  );
}

function Workflow({ order, act }: { order: AdminOrderDetail; act: (action: OrderAction) => Promise<void> }) {
  const version = order.version;
  // A booked DHL label's shipment number is the tracking number to ship with.
  const label = useOrderLabel(order).data?.label;
  const labelNumber = label?.state === 'booked' ? (label.shipmentNumber ?? '') : '';
  const openLabel = label?.state === 'booked' && !label.closedOutAt;
  return (
    <div className="admin-actions">
      {order.status === 'awaiting_payment' && (
        <MarkPaid
          legend="Zahlungseingang verbuchen"
          receivedOnLabel="Eingegangen am"
          amount={order.totals.total}
          amountHint={`Rechnungsbetrag ${formatEurDecimal(order.totals.total)}`}
          version={version}
          act={act}
        />
      )}
      {codPaymentToRecord(order) && (
        <MarkPaid
          legend="Barzahlung verbuchen"
          receivedOnLabel="Bezahlt am (Tag der Zustellung)"
          amount={order.totals.total}
          amountHint={`Nachnahmebetrag ${formatEurDecimal(order.totals.total)}: Der Zusteller hat ihn bei der Zustellung bar kassiert.`}
          version={version}
          act={act}
        />
      )}
      {awaitsShipment(order.status) && (
        <ActionForm
          key={labelNumber}
          legend="Versenden"
          submitLabel="Als versandt verbuchen und Kunden informieren"
          onSubmit={(data) =>
            shipWith(() => act({ action: 'ship', version, trackingNumber: String(data.get('trackingNumber') ?? '') }), openLabel)
          }
        >
          <ActionField
            name="trackingNumber"
            label="DHL-Sendungsnummer"
            autoComplete="off"
            defaultValue={labelNumber}
            required
            hint="Der Kunde erhält eine E-Mail mit dem Link zur Sendungsverfolgung."
          />
        </ActionForm>
      )}
      {order.status === 'shipped' && (
        <ActionForm
          legend="Zustellung"
          submitLabel="Als zugestellt verbuchen"
          onSubmit={(data) => act({ action: 'deliver', version, deliveredOn: String(data.get('deliveredOn')) })}
        >
          <ActionField
            name="deliveredOn"
            label="Zugestellt am"
            type="date"
            defaultValue={today()}
            max={today()}
            required
            hint={
              isPrepayment(order)
                ? 'Ab diesem Tag läuft die Widerrufsfrist von 14 Tagen.'
                : 'Ab diesem Tag läuft die Widerrufsfrist von 14 Tagen. Ging das Paket mit dem DHL-Label des Shops (mit Nachnahme), wird die Barzahlung an den Zusteller damit als Zahlungseingang verbucht.'
            }
          />
        </ActionForm>
      )}
      {order.withdrawal && !order.withdrawal.nameMatchesOrder && (
        // A withdrawal is accepted under any name (§ 356a BGB); staff check it before refunding.
        <Notice tone="warning" role="status">
          <strong>Name weicht ab:</strong> Der Widerruf wurde unter dem Namen „{order.withdrawal.name}“ erklärt, die Bestellung lautet auf „
          {order.billingAddress.firstName} {order.billingAddress.lastName}“. Bitte prüfen Sie vor der Erstattung, ob der Widerruf vom Käufer
          stammt, z. B. mit einer Rückfrage an {order.email}.
        </Notice>
      )}
      {order.withdrawal &&
        !order.withdrawal.refundedAt &&
        // Only money received is refunded (§ 357 Abs. 1 BGB); a withdrawal before the payment ended the order.
        (order.paymentReceived ? (
          <ActionForm
            legend="Erstattung nach Widerruf verbuchen"
            submitLabel="Erstattung verbuchen"
            onSubmit={(data) =>
              act({ action: 'refund-withdrawal', version, refundedOn: String(data.get('refundedOn')), amount: euro(data, 'amount') })
            }
          >
            <ActionField name="refundedOn" label="Erstattet am" type="date" defaultValue={today()} max={today()} required />
            <ActionField
              name="amount"
              label="Betrag in €"
              inputMode="decimal"
              defaultValue={order.paymentReceived.amount.replace('.', ',')}
              hint={`Eingegangen ${formatEurDecimal(order.paymentReceived.amount)}`}
              required
            />
          </ActionForm>
        ) : order.status === 'cancelled' ? (
          <Notice role="status">
            <strong>Nichts zu erstatten:</strong> Zu dieser Bestellung ist keine Zahlung eingegangen. Der Widerruf vor der Zahlung hat die
            Bestellung beendet.
          </Notice>
        ) : (
          // Cash on delivery withdrawn while a DHL label held it: the order is still open.
          <Notice tone="warning" role="status">
            <strong>Widerruf vor der Zahlung:</strong> Die Bestellung ist noch offen. Stornieren Sie das DHL-Label unter „DHL-Versand“ und
            dann die Bestellung. Ist das Paket schon unterwegs, nimmt der Käufer es nicht an oder sendet es zurück; zu erstatten ist nichts,
            solange nichts bezahlt wurde.
          </Notice>
        ))}
      {codPaymentToRecord(order) && order.status === 'shipped' && (
        // The parcel came back unpaid (refused, not collected): the order ends, its stock comes back.
        <ActionForm
          legend="Rücksendung verbuchen (Nachnahme nicht eingelöst)"
          submitLabel="Als zurückgekommen stornieren"
          confirm={`Ist das Paket der Bestellung ${order.orderNumber} bei Ihnen zurück? Die Bestellung wird storniert, der Bestand freigegeben, die Rechnung storniert und der Kunde per E-Mail informiert.`}
          onSubmit={(data) => act({ action: 'cancel', version, note: String(data.get('note') ?? '') })}
        >
          <ActionField name="note" label="Grund (steht in der E-Mail an den Kunden)" defaultValue="Annahme verweigert" required />
        </ActionForm>
      )}
      {CANCELLABLE.has(order.status) && (
        <ActionForm
          legend="Stornieren"
          submitLabel="Bestellung stornieren"
          confirm={`Bestellung ${order.orderNumber} wirklich stornieren? Der Bestand wird freigegeben und der Kunde per E-Mail informiert.`}
          onSubmit={(data) => act({ action: 'cancel', version, note: String(data.get('note') ?? '') })}
        >
          {order.status === 'paid' && <p>Die Zahlung ist bereits eingegangen: Bitte erstatten Sie den Betrag innerhalb von 14 Tagen.</p>}
          <ActionField name="note" label="Grund (steht in der E-Mail an den Kunden)" required />
        </ActionForm>
      )}
    </div>
  );
}

/**
 * How the order is paid: prepayment with its due day; cash on delivery with the amount the
 * courier collects and the fee it contains. The recorded payment, and for cash on delivery
 * whether DHL's payout of the cash has been booked on the shop's account (statement import).
 */
function PaymentFacts({ order }: { order: AdminOrderDetail }) {
  const received = order.paymentReceived;
  return (
    <>
      {order.payment.method === 'prepayment' ? (
        <p>
          {order.payment.label}, fällig bis {formatIsoDate(order.payment.dueDate)}
          {order.overdue && <span className="admin-flag">überfällig</span>}
        </p>
      ) : (
        <p data-testid="admin-order-cod">
          {order.payment.label}: {formatEurDecimal(order.payment.amount)} bar bei Zustellung einzuziehen (darin {COD_FEE_LABEL}{' '}
          {formatEurDecimal(order.payment.fee)})
        </p>
      )}
      {received && (
        <p>
          Eingang {formatEurDecimal(received.amount)} am {formatIsoDate(received.receivedOn)}
          {received.note && ` (${received.note})`}
          {order.payment.method === 'cod' &&
            (received.payoutOn
              ? ` · DHL-Auszahlung gebucht am ${formatIsoDate(received.payoutOn)}`
              : ' · Auszahlung durch DHL noch nicht gebucht')}
        </p>
      )}
    </>
  );
}

function OrderFacts({ order }: { order: AdminOrderDetail }) {
  return (
    <div className="admin-order-facts">
      <section>
        <h2>Kunde</h2>
        <p>{order.email}</p>
        <h3>Rechnungsadresse</h3>
        <address>
          {addressLines(order.billingAddress).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
        <h3>Lieferadresse</h3>
        <address>
          {addressLines(order.shippingAddress).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      </section>
      <section>
        <h2>Artikel</h2>
        <ul className="admin-order-lines">
          {order.items.map((line) => (
            <li key={line.productId}>
              {line.quantity} × {line.name} <span>{formatEurDecimal(line.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <p>
          Versand {formatEurDecimal(order.totals.shipping)}
          {order.promo && ` · Gutschein ${order.promo.code}: −${formatEurDecimal(order.totals.promoDiscount)}`}
          {order.totals.paymentFee !== '0.00' && ` · ${COD_FEE_LABEL} ${formatEurDecimal(order.totals.paymentFee)}`}
        </p>
        <p>
          <strong>Summe {formatEurDecimal(order.totals.total)}</strong> (inkl. {formatEurDecimal(order.totals.vatIncluded)} MwSt.)
        </p>
      </section>
      <section>
        <h2>Zahlung und Versand</h2>
        <PaymentFacts order={order} />
        {/* The check at the door the buyer was told of: the one the label books (contracts delivery.ts orderAgeCheck). */}
        <p data-testid="admin-order-shipping-method">Versandart: {order.shipping.label}</p>
        {order.shipment && (
          <p>
            Versandt am {formatDateTime(new Date(order.shipment.shippedAt))} mit DHL:{' '}
            <a href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
              {order.shipment.trackingNumber}
            </a>
            {order.shippingEmailSent ? ' · Kunde informiert' : ' · E-Mail an den Kunden wird noch gesendet'}
            {/* The delivery is recorded as a German day (its time is not known). */}
            {order.shipment.deliveredAt && ` · zugestellt am ${formatIsoDate(isoDateInBerlin(new Date(order.shipment.deliveredAt)))}`}
          </p>
        )}
        {order.invoices.length > 0 && (
          <ul className="admin-invoices" aria-label="Rechnungen">
            {order.invoices.map((invoice) => (
              <li key={invoice.number}>
                <a href={invoicePdfUrl(order.id, invoice.number, true)} download>
                  {invoiceLabel(invoice)} (PDF)
                </a>
              </li>
            ))}
          </ul>
        )}
        {order.cancellation && (
          <p>
            Storniert am {formatDateTime(new Date(order.cancellation.at))}:{' '}
            {CANCELLATION_REASONS[order.cancellation.reason] ?? order.cancellation.note}
            {!order.cancellation.stockReleased && ' · Bestand wird noch freigegeben'}
          </p>
        )}
      </section>
      {order.withdrawal && (
        <section>
          <h2>Widerruf</h2>
          <p>
            Eingegangen am {formatDateTime(new Date(order.withdrawal.receivedAt))} von {order.withdrawal.name}
            {order.withdrawal.items ? `: „${order.withdrawal.items}“` : ' (ganze Bestellung)'}
          </p>
          <p>
            {order.withdrawal.withdrawalPeriodEnds
              ? `Widerrufsfrist bis ${formatIsoDate(order.withdrawal.withdrawalPeriodEnds)}: ${order.withdrawal.inTime ? 'rechtzeitig' : 'verspätet'}.`
              : 'Vor der Zustellung widerrufen: rechtzeitig.'}{' '}
            {order.paymentReceived
              ? `Erstattung fällig bis ${formatIsoDate(order.withdrawal.refundDueBy)}.`
              : 'Keine Zahlung eingegangen: nichts zu erstatten.'}
          </p>
          {order.withdrawal.refundedAt && order.withdrawal.refund && (
            <p>
              Erstattet: {formatEurDecimal(order.withdrawal.refund)} am {formatIsoDate(order.withdrawal.refundedAt)}
            </p>
          )}
        </section>
      )}
    </div>
  );
}

/**
 * /admin/orders/{id}: everything about one order and the next step of its workflow:
 * book the transfer (or, cash on delivery, the cash the courier collected), book the DHL label
 * ('DHL-Versand'), ship with the DHL number (the buyer is e-mailed the tracking link), record the
 * delivery, refund a withdrawal, or cancel (stock released, buyer told); a delivery problem DHL's
 * tracking reported is a warning at the top.
 */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const order = useQuery(ordersQueries.detail(id));
  useSeo({ title: order.data ? `Bestellung ${order.data.orderNumber}` : 'Bestellung', robots: 'noindex, nofollow' });
  const act = async (action: OrderAction) => {
    try {
      const updated = await ordersApi.act(id, action);
      queryClient.setQueryData(ordersKeys.detail(id), updated);
      showToast({ title: 'Bestellung aktualisiert', description: ORDER_STATUS_LABELS[updated.status], variant: 'success' });
    } finally {
      void queryClient.invalidateQueries({ queryKey: ordersKeys.lists });
    }
  };
  return (
    <section className="shop-page admin-page">
      <p>
        <Link to={href('/admin/orders')}>← Alle Bestellungen</Link>
      </p>
      {order.isPending ? (
        <Spinner label="Bestellung wird geladen…" />
      ) : order.isError ? (
        <LoadFailed message="Die Bestellung konnte nicht geladen werden." onRetry={() => void order.refetch()} />
      ) : (
        <>
          <h1>Bestellung {order.data.orderNumber}</h1>
          <p data-testid="admin-order-status">
            <strong>{ORDER_STATUS_LABELS[order.data.status]}</strong> · bestellt am {formatDateTime(new Date(order.data.createdAt))}
          </p>
          {order.data.overdue && (
            <Notice tone="warning" role="status">
              Die Zahlungsfrist ist abgelaufen. Ohne Zahlungseingang storniert der Shop die Bestellung nach einer kurzen Nachfrist
              automatisch.
            </Notice>
          )}
          {order.data.deliveryIssue && (
            <Notice tone="warning" role="status">
              <strong>Zustellproblem laut DHL ({formatDateTime(new Date(order.data.deliveryIssue.at))}):</strong>{' '}
              {order.data.deliveryIssue.message}
            </Notice>
          )}
          <Workflow order={order.data} act={act} />
          <OrderShippingLabel order={order.data} />
          <OrderFacts order={order.data} />
        </>
      )}
    </section>
  );
}
