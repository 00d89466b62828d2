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
