import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { permissionsOf } from '@shop/contracts';
import { type Dashboard } from '@shop/contracts/admin';
import { formatEurDecimal, formatInteger } from '@shop/format';
import { href } from '@shop/routes';
import { LoadFailed, Notice, Spinner } from '@shop/ui';
import { useSeo, useSession } from '@shop/shell-api';
import { AuditList } from '../../components/audit-list';
import { dashboardQueries } from './dashboard-queries';

/** One figure with its label and, where staff act on it, the list behind it. */
function Figure({ label, value, to, alert = false }: { label: string; value: ReactNode; to?: string; alert?: boolean }) {
  return (
    <div className={`admin-figure${alert ? ' admin-figure--alert' : ''}`}>
      <dt>{label}</dt>
      <dd>{to ? <Link to={to}>{value}</Link> : value}</dd>
    </div>
  );
}

const ordersLink = (status: string) => `${href('/admin/orders')}?status=${status}`;
const productsLink = (status: string) => `${href('/admin/products')}?status=${status}`;

/**
 * The order figures, each under a label that says what it counts (OrderStats of the cart
 * service): the orders of the period that are not cancelled, paid or not, and in a figure of its
 * own the revenue of those paid (a count shown beside the sum of only a part of those orders
 * would read as what they are worth).
 */
function OrderFigures({ orders }: { orders: NonNullable<Dashboard['orders']> }) {
  return (
    <>
      <dl className="admin-figures" data-testid="dashboard-orders">
        <Figure label="Bestellungen heute (ohne stornierte)" value={formatInteger(orders.today.orders)} />
        <Figure label="Umsatz heute (nur bezahlte)" value={formatEurDecimal(orders.today.revenue)} />
        <Figure label="Bestellungen diese Woche (ohne stornierte)" value={formatInteger(orders.week.orders)} />
        <Figure label="Umsatz diese Woche (nur bezahlte)" value={formatEurDecimal(orders.week.revenue)} />
        <Figure label="Zahlung ausstehend" value={formatInteger(orders.awaitingPayment)} to={ordersLink('awaiting_payment')} />
        <Figure label="Zahlung überfällig" value={formatInteger(orders.overdue)} to={ordersLink('overdue')} alert={orders.overdue > 0} />
        <Figure
          label="Offene Widerrufe"
          value={formatInteger(orders.openWithdrawals)}
          to={ordersLink('open-withdrawals')}
          alert={orders.openWithdrawals > 0}
        />
      </dl>
      <p className="shop-field__hint">
        Bestellungen: heute bzw. seit Montag aufgegeben, bezahlt oder nicht; stornierte (auch vor der Zahlung widerrufene) zählen nicht.
        Umsatz: nur die davon bezahlten (Zahlungseingang verbucht), inkl. MwSt. und Versand, abzüglich Erstattungen nach Widerruf; noch
        offene Zahlungen zählt „Zahlung ausstehend“.
      </p>
    </>
  );
}

function StockFigures({ stock }: { stock: NonNullable<Dashboard['stock']> }) {
  return (
    <>
      <dl className="admin-figures" data-testid="dashboard-stock">
        <Figure
          label="Niedriger Bestand (1–10 Stück)"
          value={formatInteger(stock.lowStockCount)}
          to={productsLink('low-stock')}
          alert={stock.lowStockCount > 0}
        />
        <Figure
          label="Ausverkauft"
          value={formatInteger(stock.soldOutCount)}
          to={productsLink('sold-out')}
          alert={stock.soldOutCount > 0}
        />
      </dl>
      {stock.soldOut.length + stock.lowStock.length > 0 && (
        <ul className="admin-stock-list">
          {[...stock.soldOut, ...stock.lowStock].map((item) => (
            <li key={item.id}>
              <Link to={href('/admin/products/edit/:id', { id: item.id })}>{item.name}</Link>:{' '}
              {item.stock <= 0 ? 'ausverkauft' : `${item.stock} Stück`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * /admin (spec §2): today's and this week's orders and revenue, the work queues
 * (payments awaited and overdue, open withdrawals), low-stock and sold-out products, and the
 * latest changes. Each figure leads to the list behind it; a part whose service is down says so.
 */
export function DashboardPage() {
  useSeo({ title: 'Admin-Dashboard', robots: 'noindex, nofollow' });
  const { user } = useSession();
  const dashboard = useQuery(dashboardQueries.dashboard());
  const mayReadAudit = permissionsOf(user?.role ?? '').includes('audit:read');
  return (
    <section className="shop-page admin-page">
      <h1>Admin-Dashboard</h1>
      {dashboard.isPending ? (
        <Spinner label="Übersicht wird geladen…" />
      ) : dashboard.isError ? (
        <LoadFailed message="Die Übersicht konnte nicht geladen werden." onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <h2>Bestellungen</h2>
          {dashboard.data.orders ? (
            <OrderFigures orders={dashboard.data.orders} />
          ) : (
            <Notice tone="warning">Die Bestelldaten sind gerade nicht verfügbar.</Notice>
          )}
          <h2>Bestand</h2>
          {dashboard.data.stock ? (
            <StockFigures stock={dashboard.data.stock} />
          ) : (
            <Notice tone="warning">Die Bestandsdaten sind gerade nicht verfügbar.</Notice>
          )}
          {mayReadAudit && (
            <>
              <h2>Letzte Änderungen</h2>
              <AuditList entries={dashboard.data.latestChanges} />
              <p>
                <Link to={href('/admin/audit')}>Ganzes Änderungsprotokoll</Link>
              </p>
            </>
          )}
        </>
      )}
    </section>
  );
}
