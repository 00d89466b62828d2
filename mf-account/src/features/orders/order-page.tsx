import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { Order, ShopResponse, WithdrawalNavigationState } from '@shop/contracts';
import { isNotFound } from '@shop/api-client';
import { request } from '@shop/event-bus';
import {
  bankTransferRows,
  cashOnDeliveryText,
  invoiceLabel,
  invoicePdfUrl,
  isPrepayment,
  paymentDueDateText,
  totalsRows,
  withdrawalAvailable,
  withdrawalPeriodEnd,
} from '@shop/cart-rules';
import { formatDate, formatDateTime, formatEurDecimal, formatIsoDate } from '@shop/format';
import { AddressBlock, Button, DurabilityGuaranteeLabel, LoadFailed, Notice, Spinner, buttonClass } from '@shop/ui';
import { useReviewsEnabled, useSeo } from '@shop/shell-api';
import { RequireLogin } from '../../components/require-login';
import { orderQuery } from './order-query';
import { OrderStatusBadge, Rows } from './order-rows';

const IMAGE_SIZE = 64;

type ProgressStep = { label: string; reached: ReadonlyArray<Order['status']> };

/**
 * The steps of an order by its payment method, each done once the order has reached it:
 * prepayment is paid before it is shipped; cash on delivery is paid at the door, so it has no
 * step of its own before the delivery (OrderStatus: ready_to_ship → shipped → delivered).
 */
const PROGRESS: Record<Order['payment']['method'], ProgressStep[]> = {
  prepayment: [
    { label: 'Bestellt', reached: ['awaiting_payment', 'paid', 'shipped', 'delivered'] },
    { label: 'Bezahlt', reached: ['paid', 'shipped', 'delivered'] },
    { label: 'Versandt', reached: ['shipped', 'delivered'] },
    { label: 'Zugestellt', reached: ['delivered'] },
  ],
  cod: [
    { label: 'Bestellt', reached: ['ready_to_ship', 'shipped', 'delivered'] },
    { label: 'Versandt', reached: ['shipped', 'delivered'] },
    { label: 'Zugestellt und bezahlt', reached: ['delivered'] },
  ],
};

function Progress({ order: { status, payment } }: { order: Order }) {
  if (status === 'cancelled') return <Notice tone="warning">Diese Bestellung wurde storniert.</Notice>;
  return (
    <ol className="account-order-progress" aria-label="Bestellstatus">
      {PROGRESS[payment.method].map(({ label, reached }) => {
        const done = reached.includes(status);
        return (
          <li key={label} className={done ? 'account-order-progress__step--done' : undefined}>
            {label}
            <span className="shop-visually-hidden">{done ? ' (erledigt)' : ' (offen)'}</span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * How the order is paid: prepayment shows what to transfer while awaiting payment; cash on
 * delivery what the buyer pays the courier until the parcel is delivered (and so paid).
 */
function Payment({ order }: { order: Order }) {
  const { payment } = order;
  if (order.status === 'cancelled') return <p>{payment.label}</p>;
  if (isPrepayment(order)) {
    if (order.status !== 'awaiting_payment') return <p>{payment.label}: Zahlung eingegangen.</p>;
    return (
      <>
        <p>
          <strong>Bitte überweisen Sie bis zum {paymentDueDateText(order)}</strong>. Wir versenden, sobald Ihre Zahlung eingegangen ist.
        </p>
        <Rows rows={bankTransferRows(order)} testId="account-bank-details" />
      </>
    );
  }
  if (order.status === 'delivered' || payment.method !== 'cod') return <p>{payment.label}: bei der Zustellung bezahlt.</p>;
  return (
    <>
      <p>{payment.label}</p>
      <p data-testid="account-cod-amount">
        <strong>{cashOnDeliveryText(payment.amount)}</strong>
      </p>
    </>
  );
}

function Shipment({ order }: { order: Order }) {
  const { shipment } = order;
  if (shipment)
    return (
      <p data-testid="account-order-shipment">
        Versandt mit DHL am {formatDate(new Date(shipment.shippedAt))}. Sendungsnummer:{' '}
        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
          {shipment.trackingNumber}
          <span className="shop-visually-hidden"> (Sendungsverfolgung bei DHL, öffnet in neuem Fenster)</span>
        </a>
        {shipment.deliveredAt && <> · zugestellt am {formatDate(new Date(shipment.deliveredAt))}</>}
      </p>
    );
  if (order.status === 'cancelled') return <p>Nicht versandt.</p>;
  return (
    <p>
      {order.shipping.label}.{' '}
      {order.status === 'paid' || order.status === 'ready_to_ship'
        ? 'Ihr Paket wird gepackt; Sie erhalten eine E-Mail mit der Sendungsnummer.'
        : 'Der Versand erfolgt nach Zahlungseingang.'}{' '}
      Das Paket wird nur an Volljährige übergeben.
    </p>
  );
}

/** 'Produkte bewerten' once the order is delivered, while reviews are switched on: the catalog's review form for this order. */
function ReviewLink({ order }: { order: Order }) {
  const enabled = useReviewsEnabled();
  if (!enabled || order.status !== 'delivered') return null;
  return (
    <p className="account-order-review">
      <Link className={buttonClass('secondary')} to={`/bewertung?bestellung=${encodeURIComponent(order.id)}`}>
        Produkte bewerten
      </Link>
    </p>
  );
}

type ReorderOutcome = ShopResponse<'cart:reorder'>;

/** 'Erneut bestellen': the cart slice puts what is still available into the cart and opens the side cart; here what was not. */
function Reorder({ order }: { order: Order }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ReorderOutcome | null>(null);
  const reorder = async () => {
    setBusy(true);
    try {
      setOutcome(await request('cart:reorder', { orderId: order.id }));
    } catch {
      setOutcome({ ok: false, added: [], unavailable: [] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="account-order-reorder">
      <Button type="button" variant="secondary" onClick={() => void reorder()} disabled={busy} aria-busy={busy}>
        {busy ? 'Wird in den Warenkorb gelegt…' : 'Erneut bestellen'}
      </Button>
      <div role="status" data-testid="account-reorder-result">
        {outcome?.ok && outcome.added.length > 0 && (
          <p>
            In den Warenkorb gelegt:{' '}
            {outcome.added
              .map(
                ({ name, quantity, ordered }) =>
                  `${quantity} × ${name}${quantity < ordered ? ` (nur ${quantity} von ${ordered} verfügbar)` : ''}`,
              )
              .join(', ')}
            . <Link to="/warenkorb">Zum Warenkorb</Link>
          </p>
        )}
        {outcome?.ok && outcome.unavailable.length > 0 && (
          <>
            <p>{outcome.added.length ? 'Nicht verfügbar:' : 'Keiner der Artikel ist derzeit verfügbar:'}</p>
            <ul>
              {outcome.unavailable.map(({ name, reason }) => (
                <li key={name}>
                  {name}: {reason}
                </li>
              ))}
            </ul>
          </>
        )}
        {outcome && !outcome.ok && <p>Die Artikel konnten nicht in den Warenkorb gelegt werden. Bitte versuchen Sie es erneut.</p>}
      </div>
    </div>
  );
}

/** Where a declared withdrawal stands, in the buyer's words. */
function withdrawalStatusText(withdrawal: NonNullable<Order['withdrawal']>): string {
  switch (withdrawal.status) {
    case 'cancelled':
      return 'Ihre Bestellung ist damit storniert. Sie müssen nichts bezahlen und nichts zurücksenden.';
    case 'refunded':
      return `Erstattet am ${formatIsoDate(withdrawal.refundedOn!)}.`;
    case 'received':
      return 'Eingegangen. Wir erstatten die Zahlung für die widerrufenen Waren spätestens 14 Tage nach Eingang des Widerrufs, jedoch erst, wenn wir die Waren zurückerhalten haben oder Sie nachgewiesen haben, dass Sie sie zurückgesandt haben (§ 357 Abs. 4 BGB).';
  }
}

/** The withdrawal declared for this order (§ 356a BGB): when, for which items, and where it stands. */
function DeclaredWithdrawal({ withdrawal }: { withdrawal: NonNullable<Order['withdrawal']> }) {
  return (
    <section aria-labelledby="order-withdrawal" data-testid="account-order-withdrawal">
      <h2 id="order-withdrawal">Widerruf</h2>
      <p>Ihr Widerruf ist am {formatDateTime(new Date(withdrawal.receivedAt))} bei uns eingegangen.</p>
      <p>Widerrufen für: {withdrawal.items || 'die gesamte Bestellung'}</p>
      <p>Stand: {withdrawalStatusText(withdrawal)}</p>
      {withdrawal.items && (
        <p>
          Weitere Artikel dieser Bestellung widerrufen Sie innerhalb der Widerrufsfrist mit einer Nachricht über unser{' '}
          <Link to="/kontakt">Kontaktformular</Link> oder per E-Mail.
        </p>
      )}
    </section>
  );
}

function Withdrawal({ order }: { order: Order }) {
  // The cart service records one declaration per order (§ 356a BGB form); further items of a
  // partly withdrawn order are withdrawn from by message, which DeclaredWithdrawal offers.
  if (order.withdrawal !== null || !withdrawalAvailable(order, new Date())) return null;
  const end = withdrawalPeriodEnd(order);
  const state: WithdrawalNavigationState = {
    withdrawalPrefill: {
      name: `${order.billingAddress.firstName} ${order.billingAddress.lastName}`,
      orderNumber: order.orderNumber,
      email: order.email,
    },
  };
  return (
    <p className="account-order-withdrawal">
      <Link to="/vertrag-widerrufen" state={state} className={buttonClass('secondary')}>
        Vertrag widerrufen
      </Link>
      <span>
        {end ? `Widerrufsfrist bis ${formatIsoDate(end)}.` : 'Die Widerrufsfrist von 14 Tagen beginnt, wenn Sie die Ware erhalten haben.'}{' '}
        <Link to="/widerrufsbelehrung">Widerrufsbelehrung</Link>
      </span>
    </p>
  );
}

function OrderView({ orderId }: { orderId: string }) {
  const { data: order, error, isError, isFetching, refetch } = useQuery(orderQuery(orderId));
  if (isError && !isFetching) {
    if (isNotFound(error))
      return (
        <>
          <h1>Bestellung nicht gefunden</h1>
          <p>
            Diese Bestellung gibt es nicht, oder sie gehört zu einem anderen Kundenkonto.{' '}
            <Link to="/meine-bestellungen">Zu Ihren Bestellungen</Link>
          </p>
        </>
      );
    return <LoadFailed message="Die Bestellung konnte nicht geladen werden." onRetry={() => void refetch()} />;
  }
  if (!order) return <Spinner label="Bestellung wird geladen…" />;
  return (
    <article className="account-order-page" data-testid="account-order-page">
      <p className="account-order-page__back">
        <Link to="/meine-bestellungen">← Alle Bestellungen</Link>
      </p>
      <h1>Bestellung {order.orderNumber}</h1>
      <p className="account-order-page__meta">
        Bestellt am {formatDateTime(new Date(order.createdAt))} <OrderStatusBadge status={order.status} />
      </p>
      <Progress order={order} />

      <section aria-labelledby="order-items">
        <h2 id="order-items">Artikel</h2>
        <ul className="account-order-items">
          {order.items.map((line) => (
            <li key={line.productId}>
              <img
                src={line.image ?? `/api/placeholder/${IMAGE_SIZE}/${IMAGE_SIZE}`}
                alt=""
                width={IMAGE_SIZE}
                height={IMAGE_SIZE}
                loading="lazy"
              />
              <div className="account-order-items__name">
                <Link to={`/produkt/${line.slug}`}>{line.name}</Link>
                <span>
                  {line.quantity} × {formatEurDecimal(line.unitPrice)}
                </span>
                <DurabilityGuaranteeLabel years={line.durabilityGuaranteeYears} />
              </div>
              <span className="account-order-items__total">{formatEurDecimal(line.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <Rows rows={totalsRows(order.totals, order.promo)} testId="account-order-totals" />
        <Reorder order={order} />
        <ReviewLink order={order} />
      </section>

      <section aria-labelledby="order-payment">
        <h2 id="order-payment">Zahlung</h2>
        <Payment order={order} />
        {order.invoices.length > 0 ? (
          <ul className="account-order-invoices" aria-label="Rechnungen">
            {order.invoices.map((invoice) => (
              <li key={invoice.number}>
                <a href={invoicePdfUrl(order.id, invoice.number)} download>
                  {invoiceLabel(invoice)} herunterladen (PDF)
                </a>
              </li>
            ))}
          </ul>
        ) : (
          order.status !== 'cancelled' && <p>Die Rechnung erhalten Sie mit dem Versand per E-Mail; sie steht dann auch hier.</p>
        )}
      </section>

      <section aria-labelledby="order-shipping">
        <h2 id="order-shipping">Versand</h2>
        <Shipment order={order} />
        <div className="account-order-addresses">
          <div>
            <h3>Lieferadresse</h3>
            <AddressBlock address={order.shippingAddress} />
          </div>
          <div>
            <h3>Rechnungsadresse</h3>
            <AddressBlock address={order.billingAddress} />
            <p>{order.email}</p>
          </div>
        </div>
      </section>

      {order.withdrawal && <DeclaredWithdrawal withdrawal={order.withdrawal} />}
      <Withdrawal order={order} />
    </article>
  );
}

/**
 * /bestellungen/{orderId} (not in the spec): one order of the logged-in customer with
 * its progress, the bought items with images and prices, the totals (with the cash-on-delivery
 * fee), how it is paid (prepayment: what to transfer while unpaid; cash on delivery: what to pay
 * the courier until delivered), the DHL tracking link once shipped, both addresses, 'Erneut
 * bestellen', a withdrawal declared for it (date, items, where it stands) and, during the
 * withdrawal period and while none was declared, 'Vertrag widerrufen' (§ 356a BGB) leading to the
 * form filled in.
 */
export function OrderPage() {
  const { orderId = '' } = useParams();
  useSeo({ title: 'Bestellung', robots: 'noindex, nofollow' });
  return (
    <section className="shop-page account-page account-page--wide">
      <RequireLogin>
        <OrderView orderId={orderId} />
      </RequireLogin>
    </section>
  );
}
