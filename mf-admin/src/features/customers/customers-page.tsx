import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { AdminCustomerListQuery } from '@shop/contracts/admin';
import { formatDate } from '@shop/format';
import { href } from '@shop/routes';
import { useSeo } from '@shop/shell-api';
import { AdminTable } from '../../components/admin-table';
import { ListFilters, SearchFilter, SelectFilter } from '../../components/filter-fields';
import { useListAddress } from '../../hooks/use-list-address';
import { ROLE_LABELS } from '../../lib/role-labels';
import { customersQueries } from './customers-queries';

const PER_PAGE = 50;
const KIND_LABELS = { all: 'Alle Konten', customers: 'Kunden', staff: 'Mitarbeitende' } as const;
const STATE_LABELS = { all: 'Alle', blocked: 'Gesperrt', unverified: 'E-Mail nicht bestätigt' } as const;
const pick = <T extends string>(labels: Record<T, string>, value: string | null, fallback: T): T =>
  value && value in labels ? (value as T) : fallback;

/**
 * /admin/customers and /admin/kunden: accounts newest first, searchable by e-mail or
 * name, filtered by kind (customers, staff) and state (blocked, unverified); the filters live in
 * the address.
 */
export function CustomersPage() {
  useSeo({ title: 'Kunden verwalten', robots: 'noindex, nofollow' });
  const { params, page, submitFilters, goTo } = useListAddress(['suche', 'art', 'zustand'], { art: 'all', zustand: 'all' });
  const query: AdminCustomerListQuery = {
    search: params.get('suche')?.slice(0, 100) || undefined,
    kind: pick(KIND_LABELS, params.get('art'), 'all'),
    state: pick(STATE_LABELS, params.get('zustand'), 'all'),
    limit: PER_PAGE,
    offset: (page - 1) * PER_PAGE,
  };
  const customers = useQuery(customersQueries.list(query));
  return (
    <section className="shop-page admin-page">
      <h1>Kunden verwalten</h1>
      <ListFilters onSubmit={submitFilters}>
        <SearchFilter name="suche" label="Suche (E-Mail, Name)" defaultValue={query.search} />
        <SelectFilter name="art" label="Konten" labels={KIND_LABELS} defaultValue={query.kind} />
        <SelectFilter name="zustand" label="Zustand" labels={STATE_LABELS} defaultValue={query.state} />
      </ListFilters>
      <AdminTable
        query={customers}
        rowsOf={(data) => data.customers}
        texts={{
          loading: 'Kunden werden geladen…',
          failed: 'Die Kunden konnten nicht geladen werden.',
          empty: 'Keine Konten gefunden.',
          count: (total) => `${total} Konten`,
          caption: 'Konten',
        }}
        columns={['Name', 'Rolle', 'Registriert', 'Zustand']}
        paging={{ page, perPage: PER_PAGE, onPage: goTo }}
      >
        {(data) =>
          data.customers.map((customer) => (
            <tr key={customer.id} data-testid="admin-customer-row">
              <td data-label="Name">
                <Link to={href('/admin/customers/:id', { id: customer.id })}>
                  {customer.firstName} {customer.lastName}
                </Link>
                <span className="admin-table__sub">{customer.email}</span>
              </td>
              <td data-label="Rolle">{ROLE_LABELS[customer.role]}</td>
              <td data-label="Registriert">
                {formatDate(new Date(customer.createdAt))}
                <span className="admin-table__sub">
                  {customer.lastLoginAt ? `zuletzt angemeldet ${formatDate(new Date(customer.lastLoginAt))}` : 'nie angemeldet'}
                </span>
              </td>
              <td data-label="Zustand">
                {customer.blocked ? (
                  <span className="admin-flag">Gesperrt</span>
                ) : customer.emailVerified ? (
                  'Aktiv'
                ) : (
                  'E-Mail nicht bestätigt'
                )}
              </td>
            </tr>
          ))
        }
      </AdminTable>
    </section>
  );
}
