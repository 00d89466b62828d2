import { render, screen } from '@testing-library/react';
import type { AuditListEntry } from '@shop/contracts/admin';
import { AuditList } from './audit-list';

const entry = (overrides: Partial<AuditListEntry>): AuditListEntry => ({
  id: '6f1c2b9a-1e4b-4001-8234-56ccddeeff00',
  at: '2026-11-28T09:12:30.000Z',
  actorId: '665f1c2b9a1e4b00123456cc',
  actorRole: 'manager',
  actorName: 'Lena Leitung',
  service: 'admin',
  entity: 'release',
  entityId: 'cart',
  label: 'cart 9670391cde23',
  action: 'promote',
  changes: [{ field: 'liveVersion', before: '81ddb2cfe73b', after: '9670391cde23' }],
  reason: null,
  ...overrides,
});

/** The audit log as staff read it: what, by whom, each change before → after. */
test('a release made live with the release command names the version change and the developer', () => {
  render(<AuditList entries={[entry({ actorId: 'cli:team-cart@example.de', actorRole: 'developer', actorName: null })]} />);
  const [item] = screen.getAllByRole('listitem').filter((element) => element.classList.contains('admin-audit__entry'));
  expect(item).toHaveTextContent('Live-Version „cart 9670391cde23“ freigegeben');
  expect(item).toHaveTextContent('28.11.2026 um 10:12 Uhr · team-cart@example.de (Release-Befehl)');
  expect(item).toHaveTextContent('Live-Version: 81ddb2cfe73b → 9670391cde23');
});

test('the delivery tracking job and the DHL label steps read in German', () => {
  render(
    <AuditList
      entries={[
        entry({
          actorId: 'system:dhl-tracking',
          actorRole: 'system',
          actorName: null,
          service: 'cart',
          entity: 'order',
          label: 'RT-2026-K7M2QX9P',
          action: 'delivery-issue',
          changes: [{ field: 'deliveryIssue', before: null, after: 'failed-attempt' }],
        }),
        entry({
          id: '6f1c2b9a-1e4b-4001-8234-56ccddeeff02',
          service: 'cart',
          entity: 'order',
          label: 'RT-2026-K7M2QX9P',
          action: 'dhl-label-book',
          changes: [],
        }),
      ]}
    />,
  );
  const [issue, label] = screen.getAllByRole('listitem').filter((item) => item.classList.contains('admin-audit__entry'));
  expect(issue).toHaveTextContent('Bestellung „RT-2026-K7M2QX9P“ Zustellproblem von DHL gemeldet');
  expect(issue).toHaveTextContent('DHL-Sendungsverfolgung (automatisch)');
  expect(issue).toHaveTextContent('Zustellproblem: – → failed-attempt');
  expect(label).toHaveTextContent('DHL-Label gebucht');
});

test('a staff member is named with the role; an unknown name shows the role and the end of the id', () => {
  render(<AuditList entries={[entry({ action: 'rollback' }), entry({ id: '6f1c2b9a-1e4b-4001-8234-56ccddeeff01', actorName: null })]} />);
  const [named, unnamed] = screen.getAllByRole('listitem').filter((item) => item.classList.contains('admin-audit__entry'));
  expect(named).toHaveTextContent('zurückgesetzt');
  expect(named).toHaveTextContent('Lena Leitung (Manager)');
  expect(unnamed).toHaveTextContent('Manager 3456cc');
});

test('a change of the shop settings reads in German: the kind of record, the fields and the presentation modes', () => {
  render(
    <AuditList
      entries={[
        entry({
          service: 'content',
          entity: 'settings',
          entityId: 'storefront',
          label: 'Shop-Einstellungen: Darstellung und Bewertungen',
          action: 'update',
          changes: [
            { field: 'presentationMode', before: 'factual', after: 'marketing' },
            { field: 'reviewsEnabled', before: false, after: true },
          ],
        }),
      ]}
    />,
  );
  const [item] = screen.getAllByRole('listitem').filter((element) => element.classList.contains('admin-audit__entry'));
  expect(item).toHaveTextContent('Shop-Einstellungen „Shop-Einstellungen: Darstellung und Bewertungen“ geändert');
  expect(item).toHaveTextContent('Darstellung: sachlich → werblich');
  expect(item).toHaveTextContent('Kundenbewertungen: Nein → Ja');
  expect(item).not.toHaveTextContent(/settings|presentationMode|reviewsEnabled|factual|marketing/);
});

test('the shipping settings and a booked payment read in German: the check by name, days and amounts in German notation', () => {
  render(
    <AuditList
      entries={[
        entry({
          service: 'cart',
          entity: 'settings',
          entityId: 'shipping',
          label: 'Versand',
          action: 'update',
          changes: [
            { field: 'ageCheck', before: 'identCheck', after: 'visualCheckOfAge' },
            {
              field: 'cashOnDelivery',
              before: { enabled: false, feeCents: 0, maxTotalCents: 350_000, accountReference: '' },
              after: { enabled: true, feeCents: 690, maxTotalCents: 50_000, accountReference: 'Nachnahme' },
            },
          ],
        }),
        entry({
          id: '6f1c2b9a-1e4b-4001-8234-56ccddeeff01',
          service: 'cart',
          entity: 'order',
          entityId: 'a1'.repeat(12),
          label: 'RT-2026-K7M2QX9P',
          action: 'mark-paid',
          changes: [
            { field: 'status', before: 'awaiting_payment', after: 'paid' },
            { field: 'paymentReceived', before: null, after: { receivedOn: '2026-11-22', amount: '38.97', note: 'DKB' } },
          ],
        }),
      ]}
    />,
  );
  const [settings, payment] = screen.getAllByRole('listitem').filter((element) => element.classList.contains('admin-audit__entry'));
  expect(settings).toHaveTextContent('Altersprüfung bei Zustellung: Ident-Check → Alterssichtprüfung 18+');
  expect(settings).toHaveTextContent(/Nachnahme: angeboten Nein, Gebühr 0,00\s€, bis Bestellwert 3\.500,00\s€, DHL-Kontoreferenz – →/);
  expect(settings).toHaveTextContent(/angeboten Ja, Gebühr 6,90\s€, bis Bestellwert 500,00\s€, DHL-Kontoreferenz Nachnahme/);
  expect(settings).not.toHaveTextContent(/identCheck|visualCheckOfAge|feeCents|690/);
  expect(payment).toHaveTextContent(/Zahlungseingang: – → Eingang 22\.11\.2026, Betrag 38,97\s€, Notiz DKB/);
  expect(payment).toHaveTextContent('Status: Zahlung ausstehend → Bezahlt, wird versandt');
});
