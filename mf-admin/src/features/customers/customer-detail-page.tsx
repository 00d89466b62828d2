import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { permissionsOf, UserRole } from '@shop/contracts';
import { type AdminCustomerDetail } from '@shop/contracts/admin';
import { ORDER_STATUS_LABELS } from '@shop/cart-rules';
import { formatDate, formatDateTime, formatEurDecimal } from '@shop/format';
import { href } from '@shop/routes';
import { LoadFailed, Notice, Spinner } from '@shop/ui';
import { showToast, useSeo, useSession } from '@shop/shell-api';
import { customersApi } from '../../api/customers-api';
import { ActionField, ActionForm } from '../../components/action-form';
import { ROLE_LABELS } from '../../lib/role-labels';
import { customersKeys, customersQueries } from './customers-queries';

/** The customer's orders (cart service), found by the account's e-mail address. */
function CustomerOrders({ email }: { email: string }) {
  const orders = useQuery(customersQueries.orders(email));
  if (orders.isPending) return <Spinner label="Bestellungen werden geladen…" />;
  if (orders.isError) return <LoadFailed message="Die Bestellungen konnten nicht geladen werden." onRetry={() => void orders.refetch()} />;
  const own = orders.data.orders.filter((order) => order.email === email);
  if (!own.length) return <p>Keine Bestellungen.</p>;
  return (
    <ul className="admin-order-lines">
      {own.map((order) => (
        <li key={order.id}>
          <Link to={href('/admin/orders/:id', { id: order.id })}>{order.orderNumber}</Link>
          <span>
            {formatDate(new Date(order.createdAt))} · {formatEurDecimal(order.total)} · {ORDER_STATUS_LABELS[order.status]}
          </span>
        </li>
      ))}
    </ul>
  );
}

function StaffActions({ customer }: { customer: AdminCustomerDetail }) {
  const { user } = useSession();
  const permissions = permissionsOf(user?.role ?? '');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const done = async (title: string, updated: AdminCustomerDetail | null) => {
    await queryClient.invalidateQueries({ queryKey: customersKeys.lists });
    showToast({ title, variant: 'success' });
    if (updated) queryClient.setQueryData(customersKeys.detail(customer.id), updated);
    else navigate(href('/admin/customers'), { replace: true });
  };
  const version = customer.version;
  return (
    <div className="admin-actions">
      {permissions.includes('roles:change') && (
        <ActionForm
          legend="Rolle"
          submitLabel="Rolle ändern"
          onSubmit={async (data) => {
            await customersApi.setRole(customer.id, UserRole.parse(data.get('role')));
            await done('Rolle geändert', await customersApi.detail(customer.id));
          }}
        >
          <ActionField name="role" label="Rolle" options={ROLE_LABELS} defaultValue={customer.role} />
        </ActionForm>
      )}
      {permissions.includes('customers:write') && (
        <>
          {customer.blocked ? (
            <ActionForm
              legend="Sperre aufheben"
              submitLabel="Konto entsperren"
              onSubmit={async () => done('Konto entsperrt', await customersApi.act(customer.id, { action: 'unblock', version }))}
            />
          ) : (
            <ActionForm
              legend="Konto sperren"
              submitLabel="Konto sperren"
              onSubmit={async (data) =>
                done(
                  'Konto gesperrt',
                  await customersApi.act(customer.id, { action: 'block', version, reason: String(data.get('reason') ?? '') }),
                )
              }
            >
              <p>Der Kunde wird überall abgemeldet und kann sich nicht mehr anmelden.</p>
              <ActionField name="reason" label="Grund (intern)" required />
            </ActionForm>
          )}
          <div className="admin-fieldset">
            <h3>Auskunft (Art. 15 DSGVO)</h3>
            <p>Alle gespeicherten Daten des Kontos als Datei, z. B. für eine Auskunftsanfrage.</p>
            <a className="shop-button shop-button--secondary" href={customersApi.exportUrl(customer.id)} download>
              Daten herunterladen
            </a>
          </div>
          <ActionForm
            legend="Auf Wunsch löschen (Art. 17 DSGVO)"
            submitLabel="Konto endgültig löschen"
            confirm={`Das Konto von ${customer.email} endgültig löschen? Bestellungen bleiben wegen der Aufbewahrungspflicht erhalten.`}
            onSubmit={async (data) =>
              done(
                'Konto gelöscht',
                await customersApi.act(customer.id, { action: 'erase', version, reason: String(data.get('reason') ?? '') }),
              )
            }
          >
            <p>
              Konto, Anmeldungen, Wunschliste und Warenkorb werden gelöscht; Bestellungen bleiben (§ 147 AO). Der Kunde erhält eine E-Mail.
            </p>
            <ActionField name="reason" label="Anlass (z. B. Anfrage per E-Mail vom …)" required />
          </ActionForm>
        </>
      )}
    </div>
  );
}

/**
 * /admin/customers/{id}: the account, its orders, and for admins the role, blocking,
 * the data export and erasure on request.
 */
export function CustomerDetailPage() {
  const { id = '' } = useParams();
  const customer = useQuery(customersQueries.detail(id));
  useSeo({ title: 'Kundenkonto', robots: 'noindex, nofollow' });
  return (
    <section className="shop-page admin-page">
      <p>
        <Link to={href('/admin/customers')}>← Alle Kunden</Link>
      </p>
      {customer.isPending ? (
        <Spinner label="Kundenkonto wird geladen…" />
      ) : customer.isError ? (
        <LoadFailed message="Das Kundenkonto konnte nicht geladen werden." onRetry={() => void customer.refetch()} />
      ) : (
        <>
          <h1>
            {customer.data.firstName} {customer.data.lastName}
          </h1>
          {customer.data.blocked && (
            <Notice tone="warning" role="status">
              Gesperrt seit {formatDateTime(new Date(customer.data.blockedAt!))}: {customer.data.blockedReason}
            </Notice>
          )}
          <dl className="admin-facts">
            <div>
              <dt>E-Mail-Adresse</dt>
              <dd>
                {customer.data.email} {customer.data.emailVerified ? '(bestätigt)' : '(nicht bestätigt)'}
              </dd>
            </div>
            <div>
              <dt>Rolle</dt>
              <dd data-testid="admin-customer-role">{ROLE_LABELS[customer.data.role]}</dd>
            </div>
            <div>
              <dt>Registriert</dt>
              <dd>
                {formatDateTime(new Date(customer.data.createdAt))}
                {customer.data.lastLoginAt && `, zuletzt angemeldet ${formatDateTime(new Date(customer.data.lastLoginAt))}`}
              </dd>
            </div>
            <div>
              <dt>Gespeicherte Lieferadresse</dt>
              <dd>
                {customer.data.address
                  ? `${customer.data.address.firstName} ${customer.data.address.lastName}, ${customer.data.address.street}, ${customer.data.address.postalCode} ${customer.data.address.city}`
                  : 'keine'}
              </dd>
            </div>
            <div>
              <dt>Angemeldete Geräte · Wunschliste</dt>
              <dd>
                {customer.data.activeSessions} · {customer.data.wishlistItems} Produkte
              </dd>
            </div>
          </dl>
          <h2>Bestellungen</h2>
          <CustomerOrders email={customer.data.email} />
          <StaffActions customer={customer.data} />
        </>
      )}
    </section>
  );
}
