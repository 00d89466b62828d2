import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_ORDER_FILTERS, type AdminOrderListQuery, type AdminOrderSummary } from '@shop/contracts/admin';
import { ORDER_STATUS_LABELS } from '@shop/cart-rules';
import { formatDateTime, formatEurDecimal, formatIsoDate } from '@shop/format';
import { href } from '@shop/routes';
import { useSeo } from '@shop/shell-api';
import { AdminTable } from '../../components/admin-table';
import { DateRangeFields, ListFilters, SearchFilter, SelectFilter } from '../../components/filter-fields';
import { isoDateParam, useListAddress } from '../../hooks/use-list-address';
import { ordersQueries } from './orders-queries';

const PER_PAGE = 50;

/** German names of the list's filters: every status plus the two work queues. */
export const ORDER_FILTER_LABELS: Record<(typeof ADMIN_ORDER_FILTERS)[number], string> = {
  all: 'Alle',
  overdue: 'Zahlung überfällig',
  'open-withdrawals': 'Offene Widerrufe',
  ...ORDER_STATUS_LABELS,
};

/** The payment column of a row: the method and, for prepayment while awaited, the due day. */
function PaymentCell({ order }: { order: AdminOrderSummary }) {
  if (order.paymentMethod === 'cod' || order.paymentDueDate === null) return <>Nachnahme</>;
  return (
    <>
      Vorkasse
      {order.status === 'awaiting_payment' && <span className="admin-table__sub">fällig bis {formatIsoDate(order.paymentDueDate)}</span>}
      {order.overdue && <span className="admin-flag">Zahlung überfällig seit {formatIsoDate(order.paymentDueDate)}</span>}
    </>
  );
}

/**
 * /admin/orders and /admin/bestellungen: orders newest first, filtered by status or
 * work queue (overdue payments, open withdrawals), order days and a search for order number,
 * e-mail or name; the filters live in the address. Each row names its payment method (Vorkasse with
 * its due day while awaited, or Nachnahme).
 */
export function OrdersPage() {
  useSeo({ title: 'Bestellungen verwalten', robots: 'noindex, nofollow' });
  const { params, page, submitFilters, goTo } = useListAddress(['status', 'von', 'bis', 'suche'], { status: 'all' });
  const status = ADMIN_ORDER_FILTERS.find((value) => value === params.get('status')) ?? 'all';
  const from = isoDateParam(params.get('von'));
  const to = isoDateParam(params.get('bis'));
  const search = params.get('suche')?.slice(0, 100) || undefined;
  const query: AdminOrderListQuery = { status, from, to, search, limit: PER_PAGE, offset: (page - 1) * PER_PAGE };
  const orders = useQuery(ordersQueries.list(query));

  return (
    <section className="shop-page admin-page">
      <h1>Bestellungen verwalten</h1>
      <ListFilters onSubmit={submitFilters}>
        <SearchFilter name="suche" label="Suche (Bestellnummer, E-Mail, Name)" defaultValue={search} />
        <SelectFilter name="status" label="Status" labels={ORDER_FILTER_LABELS} defaultValue={status} />
        <DateRangeFields id="orders" from={from} to={to} fromLabel="Bestellt ab" toLabel="Bestellt bis" />
      </ListFilters>
      <AdminTable
        query={orders}
        rowsOf={(data) => data.orders}
        texts={{
          loading: 'Bestellungen werden geladen…',
          failed: 'Die Bestellungen konnten nicht geladen werden.',
          empty: 'Keine Bestellungen gefunden.',
          count: (total) => `${total} Bestellungen`,
          caption: 'Bestellungen',
        }}
        columns={['Bestellung', 'Kunde', 'Summe', 'Zahlung', 'Status']}
        paging={{ page, perPage: PER_PAGE, onPage: goTo }}
      >
        {(data) =>
          data.orders.map((order) => (
            <tr key={order.id} data-testid="admin-order-row">
              <td data-label="Bestellung">
                <Link to={href('/admin/orders/:id', { id: order.id })}>{order.orderNumber}</Link>
                <span className="admin-table__sub">{formatDateTime(new Date(order.createdAt))}</span>
              </td>
              <td data-label="Kunde">
                {order.name}
                <span className="admin-table__sub">{order.email}</span>
              </td>
              <td data-label="Summe">
                {formatEurDecimal(order.total)}
                <span className="admin-table__sub">{order.itemCount} Artikel</span>
              </td>
              <td data-label="Zahlung">
                <PaymentCell order={order} />
              </td>
              <td data-label="Status">
                {ORDER_STATUS_LABELS[order.status]}
                {order.withdrawal === 'received' && <span className="admin-flag">Widerruf offen</span>}
                {order.withdrawal === 'refunded' && <span className="admin-table__sub">Widerruf erstattet</span>}
              </td>
            </tr>
          ))
        }
      </AdminTable>
    </section>
  );
}
