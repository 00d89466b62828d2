import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Order } from '@shop/contracts';
import { ORDER_STATUS_LABELS, bankTransferRows, paymentDueDateText, totalsRows } from '@shop/cart-rules';
import { formatDate, formatEurDecimal } from '@shop/format';
import { LoadFailed, Spinner } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { ordersQuery } from './orders-query';
import { RequireLogin } from '../../components/require-login';

function Rows({ rows, testId }: { rows: Array<{ label: string; value: string }>; testId?: string }) {
  return (
    <dl className="account-order__rows" data-testid={testId}>
      {rows.map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One order: status, lines, totals, what to pay while unpaid, the parcel's tracking link, delivery address and the withdrawal link. */
function OrderDetails({ order }: { order: Order }) {
  return (
    <details className="account-order" data-testid="account-order">
      <summary>
        <span className="account-order__number">{order.orderNumber}</span>
        <span>{formatDate(new Date(order.createdAt))}</span>
        <span className={`account-order__status account-order__status--${order.status.replace('_', '-')}`}>
          {ORDER_STATUS_LABELS[order.status]}
        </span>
        <span className="account-order__total">{formatEurDecimal(order.totals.total)}</span>
      </summary>
      <ul className="account-order__lines">
        {order.items.map((line) => (
          <li key={line.productId}>
            {line.quantity} × {line.name} <span>{formatEurDecimal(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <Rows rows={totalsRows(order.totals, order.promo)} />
      {order.status === 'awaiting_payment' && (
        <section aria-label="Zahlung">
          <h3>Bitte überweisen Sie bis zum {paymentDueDateText(order)}</h3>
          <Rows rows={bankTransferRows(order)} testId="account-bank-details" />
        </section>
      )}
      {order.shipment && (
        <p data-testid="account-order-shipment">
          Versandt mit DHL am {formatDate(new Date(order.shipment.shippedAt))}, Sendungsnummer{' '}
          <a href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
            {order.shipment.trackingNumber}
          </a>
          {order.shipment.deliveredAt && ` · zugestellt am ${formatDate(new Date(order.shipment.deliveredAt))}`}
        </p>
      )}
      <p>
        Lieferadresse: {order.shippingAddress.firstName} {order.shippingAddress.lastName}, {order.shippingAddress.street},{' '}
        {order.shippingAddress.postalCode} {order.shippingAddress.city}
      </p>
      {order.status !== 'cancelled' && (
        <p>
          <Link to="/vertrag-widerrufen">Vertrag widerrufen</Link>
        </p>
      )}
    </details>
  );
}

function OrderList() {
  const { data: orders, isError, isFetching, refetch } = useQuery(ordersQuery);
  if (isError && !isFetching) {
    return <LoadFailed message="Ihre Bestellungen konnten nicht geladen werden." onRetry={() => void refetch()} />;
  }
  if (!orders) return <Spinner label="Bestellungen werden geladen…" />;
  if (!orders.length) {
    return (
      <p>
        Sie haben mit diesem Kundenkonto noch nichts bestellt. <Link to="/randm-tornado-vape-alle-produkte">Zu allen Produkten</Link>
      </p>
    );
  }
  return (
    <div className="account-orders">
      {orders.map((order) => (
        <OrderDetails key={order.id} order={order} />
      ))}
    </div>
  );
}

/**
 * /meine-bestellungen and /bestellungen (spec §2; issue #11): the logged-in customer's orders,
 * newest first, each with status, items, totals, the bank details while unpaid and 'Vertrag
 * widerrufen'. Guest orders placed with the account's confirmed e-mail address are listed too
 * (the cart service matches them when it reads; docs/architecture.md 'Account slice').
 */
export function OrdersPage() {
  useSeo({ title: 'Meine Bestellungen', robots: 'noindex, nofollow' });
  return (
    <section className="shop-page account-page account-page--wide">
      <h1>Meine Bestellungen</h1>
      <RequireLogin>
        <p className="account-page__hint">
          Bestellungen, die Sie ohne Anmeldung mit der E-Mail-Adresse dieses Kundenkontos aufgegeben haben, sehen Sie hier ebenfalls.
        </p>
        <OrderList />
      </RequireLogin>
    </section>
  );
}
