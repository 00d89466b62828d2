import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Order } from '@shop/contracts';
import { cashOnDeliveryText, isPrepayment, paymentDueDateText } from '@shop/cart-rules';
import { formatDate, formatEurDecimal } from '@shop/format';
import { LoadFailed, Spinner } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { ordersQuery } from './orders-query';
import { RequireLogin } from '../../components/require-login';
import { OrderStatusBadge } from './order-rows';

/**
 * One order as a card leading to its page: number, date, status, total, the first
 * items' pictures and what needs doing now (prepayment: transfer by the due date; cash on
 * delivery: the cash to have ready at the door; follow the parcel).
 */
function OrderCard({ order }: { order: Order }) {
  const pieces = order.items.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <li className="account-order" data-testid="account-order">
      <Link to={`/bestellungen/${order.id}`} className="account-order__link">
        <span className="account-order__head">
          <span className="account-order__number">{order.orderNumber}</span>
          <span>{formatDate(new Date(order.createdAt))}</span>
          <OrderStatusBadge status={order.status} />
          <span className="account-order__total">{formatEurDecimal(order.totals.total)}</span>
        </span>
        <span className="account-order__items">
          {order.items.slice(0, 4).map((line) => (
            <img key={line.productId} src={line.image ?? '/api/placeholder/48/48'} alt="" width={48} height={48} loading="lazy" />
          ))}
          <span>
            {pieces} Artikel: {order.items.map((line) => line.name).join(', ')}
          </span>
        </span>
        {isPrepayment(order)
          ? order.status === 'awaiting_payment' && (
              <span className="account-order__todo">Bitte überweisen Sie bis zum {paymentDueDateText(order)}</span>
            )
          : order.payment.method === 'cod' &&
            (order.status === 'ready_to_ship' || order.status === 'shipped') && (
              <span className="account-order__todo">{cashOnDeliveryText(order.payment.amount)}</span>
            )}
        {order.status === 'shipped' && <span className="account-order__todo">Unterwegs mit DHL</span>}
        <span className="account-order__more" aria-hidden="true">
          Details ansehen ›
        </span>
      </Link>
    </li>
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
    <ul className="account-orders" aria-label="Ihre Bestellungen">
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </ul>
  );
}

/**
 * /meine-bestellungen and /bestellungen (spec §2): the logged-in customer's orders,
 * newest first, each a card leading to the order's page (/bestellungen/{id}). Guest orders placed with the account's confirmed e-mail address are listed too
 * (the cart service matches them when it reads; services/account/README.md).
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
