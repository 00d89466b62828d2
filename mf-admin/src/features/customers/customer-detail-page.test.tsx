import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorAnswer, jsonAnswer, renderScreen } from '@shop/test-dom';
import type { AdminCustomerDetail, AdminOrderSummary } from '@shop/contracts/admin';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffScreenTest } from '../../test-support/staff-screen';
import { staffUser } from '../../test-support/staff-user';
import { CustomerDetailPage } from './customer-detail-page';

const env = staffScreenTest();
const { toasts } = env;

const ID = 'e'.repeat(24);
const CUSTOMER = `/api/admin/customers/${ID}`;
const erika = (overrides: Partial<AdminCustomerDetail> = {}): AdminCustomerDetail => ({
  id: ID,
  email: 'erika@example.de',
  firstName: 'Erika',
  lastName: 'Mustermann',
  role: 'customer',
  emailVerified: true,
  createdAt: '2026-11-02T09:00:00.000Z',
  blocked: false,
  lastLoginAt: '2026-11-27T18:30:00.000Z',
  version: 2,
  address: null,
  blockedAt: null,
  blockedReason: null,
  activeSessions: 1,
  wishlistItems: 3,
  ...overrides,
});

const order = (overrides: Partial<AdminOrderSummary>): AdminOrderSummary => ({
  id: 'f'.repeat(24),
  orderNumber: 'RT-2026-00042',
  status: 'shipped',
  createdAt: '2026-11-20T10:00:00.000Z',
  email: 'erika@example.de',
  name: 'Erika Mustermann',
  itemCount: 2,
  total: '21.80',
  paymentMethod: 'prepayment',
  paymentDueDate: '2026-11-27',
  overdue: false,
  withdrawal: null,
  ...overrides,
});

/** The orders search matches by text, so it may return others' orders too; the screen keeps the account's own. */
const ordersAnswer = jsonAnswer(200, {
  orders: [order({}), order({ id: '1'.repeat(24), orderNumber: 'RT-2026-00043', email: 'erika.other@example.de' })],
  total: 2,
  limit: 50,
  offset: 0,
});

const open = (role: 'admin' | 'manager') =>
  renderScreen(<CustomerDetailPage />, {
    path: `/admin/customers/${ID}`,
    route: '/admin/customers/:id',
    user: staffUser(role),
    queryClient: adminQueryClient,
  });

/** /admin/customers/{id}: the account, its own orders, and the admin's role change, block and erasure. */
describe('CustomerDetailPage', () => {
  test('the account and only its own orders; a manager sees no actions', async () => {
    env.api.on('GET', CUSTOMER, jsonAnswer(200, erika()));
    env.api.on('GET', '/api/admin/orders', ordersAnswer);
    open('manager');
    expect(await screen.findByRole('heading', { level: 1, name: 'Erika Mustermann' })).toBeInTheDocument();
    expect(screen.getByText('E-Mail-Adresse').nextSibling).toHaveTextContent('erika@example.de (bestätigt)');
    expect(screen.getByTestId('admin-customer-role')).toHaveTextContent('Kunde');
    expect(await screen.findByRole('link', { name: 'RT-2026-00042' })).toHaveAttribute('href', `/admin/orders/${'f'.repeat(24)}`);
    expect(screen.queryByText('RT-2026-00043')).not.toBeInTheDocument();
    expect(env.api.requests('GET', '/api/admin/orders')[0]!.path).toContain('search=erika%40example.de');
    expect(screen.queryByRole('button', { name: 'Konto sperren' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rolle ändern' })).not.toBeInTheDocument();
  });

  test('an admin blocks the account on the version loaded, with the reason; a short reason is refused in German', async () => {
    env.api.on('GET', CUSTOMER, jsonAnswer(200, erika()));
    env.api.on('GET', '/api/admin/orders', ordersAnswer);
    env.api.once(
      'POST',
      `${CUSTOMER}/actions`,
      errorAnswer(400, 'VALIDATION_ERROR', 'Bitte geben Sie einen Grund an (mindestens 5 Zeichen).'),
    );
    env.api.on(
      'POST',
      `${CUSTOMER}/actions`,
      jsonAnswer(200, {
        customer: erika({ blocked: true, version: 3, blockedAt: '2026-11-28T08:00:00.000Z', blockedReason: 'Betrugsverdacht laut Bank' }),
      }),
    );
    open('admin');
    const block = (await screen.findByRole('heading', { name: 'Konto sperren' })).closest('form')!;
    fireEvent.change(within(block).getByLabelText('Grund (intern)'), { target: { value: 'kurz' } });
    fireEvent.click(within(block).getByRole('button', { name: 'Konto sperren' }));
    expect(await within(block).findByRole('alert')).toHaveTextContent('Bitte geben Sie einen Grund an (mindestens 5 Zeichen).');

    fireEvent.change(within(block).getByLabelText('Grund (intern)'), { target: { value: 'Betrugsverdacht laut Bank' } });
    fireEvent.click(within(block).getByRole('button', { name: 'Konto sperren' }));
    await waitFor(() => expect(env.api.requests('POST', `${CUSTOMER}/actions`)).toHaveLength(2));
    expect(env.api.requests('POST', `${CUSTOMER}/actions`)[1]!.body).toEqual({
      action: 'block',
      version: 2,
      reason: 'Betrugsverdacht laut Bank',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(/^Gesperrt seit 28\.11\.2026 um 09:00 Uhr: Betrugsverdacht laut Bank$/);
    expect(screen.getByRole('button', { name: 'Konto entsperren' })).toBeInTheDocument();
    expect(toasts).toEqual([expect.objectContaining({ title: 'Konto gesperrt' })]);
  });

  test('an admin changes the role; the account is read again', async () => {
    env.api.on('GET', CUSTOMER, jsonAnswer(200, erika()));
    env.api.on('GET', '/api/admin/orders', ordersAnswer);
    const { id, email, firstName, lastName, emailVerified, createdAt } = erika();
    env.api.on(
      'PATCH',
      `${CUSTOMER}/role`,
      jsonAnswer(200, { id, email, firstName, lastName, role: 'manager', emailVerified, address: null, createdAt }),
    );
    open('admin');
    const role = (await screen.findByRole('heading', { name: 'Rolle' })).closest('form')!;
    env.api.on('GET', CUSTOMER, jsonAnswer(200, erika({ role: 'manager', version: 3 })));
    fireEvent.change(within(role).getByLabelText('Rolle'), { target: { value: 'manager' } });
    fireEvent.click(within(role).getByRole('button', { name: 'Rolle ändern' }));
    await waitFor(() => expect(env.api.requests('PATCH', `${CUSTOMER}/role`)).toHaveLength(1));
    expect(env.api.requests('PATCH', `${CUSTOMER}/role`)[0]!.body).toEqual({ role: 'manager' });
    await waitFor(() => expect(screen.getByTestId('admin-customer-role')).toHaveTextContent('Manager'));
    expect(toasts).toEqual([expect.objectContaining({ title: 'Rolle geändert' })]);
  });

  test('erasure asks first, names the address, and leads back to the list', async () => {
    env.api.on('GET', CUSTOMER, jsonAnswer(200, erika()));
    env.api.on('GET', '/api/admin/orders', ordersAnswer);
    env.api.on('POST', `${CUSTOMER}/actions`, jsonAnswer(200, { customer: null }));
    open('admin');
    const erase = (await screen.findByRole('heading', { name: 'Auf Wunsch löschen (Art. 17 DSGVO)' })).closest('form')!;
    fireEvent.change(within(erase).getByLabelText('Anlass (z. B. Anfrage per E-Mail vom …)'), {
      target: { value: 'Anfrage per E-Mail vom 27.11.2026' },
    });
    jest.mocked(window.confirm).mockReturnValueOnce(false);
    fireEvent.click(within(erase).getByRole('button', { name: 'Konto endgültig löschen' }));
    expect(window.confirm).toHaveBeenCalledWith(
      'Das Konto von erika@example.de endgültig löschen? Bestellungen bleiben wegen der Aufbewahrungspflicht erhalten.',
    );
    expect(env.api.requests('POST', `${CUSTOMER}/actions`)).toHaveLength(0);

    fireEvent.click(within(erase).getByRole('button', { name: 'Konto endgültig löschen' }));
    await waitFor(() => expect(env.api.requests('POST', `${CUSTOMER}/actions`)).toHaveLength(1));
    expect(env.api.requests('POST', `${CUSTOMER}/actions`)[0]!.body).toEqual({
      action: 'erase',
      version: 2,
      reason: 'Anfrage per E-Mail vom 27.11.2026',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/customers'));
    expect(toasts).toEqual([expect.objectContaining({ title: 'Konto gelöscht' })]);
  });
});
