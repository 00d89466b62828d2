import { useEffect, useState } from 'react';
import type { AuthStatus, StaffPermission } from '@shop/contracts';
import { STAFF_PERMISSIONS } from '@shop/contracts';
import { Notice, Spinner } from '@shop/ui';
import { useSeo, useSession } from '@shop/shell-api';
import { staffApi } from '../../api/staff-api';
import { ROLE_LABELS } from '../../lib/role-labels';

/** German names of the permissions (services/admin/README.md). */
export const PERMISSION_LABELS: Record<StaffPermission, string> = {
  'dashboard:read': 'Dashboard ansehen',
  'catalog:write': 'Produkte, Kategorien und Bestand bearbeiten',
  'compliance:override': 'Produkte trotz Rechtsprüfung freigeben (mit Begründung)',
  'orders:write': 'Bestellungen und Widerrufe bearbeiten',
  'customers:read': 'Kunden ansehen',
  'customers:write': 'Kunden sperren, Daten exportieren und löschen',
  'roles:change': 'Rollen ändern',
  'content:write': 'Blog und Seiten bearbeiten',
  'promotions:write': 'Gutscheincodes verwalten',
  'analytics:read': 'Auswertungen ansehen',
  'media:write': 'Medien hochladen und löschen',
  'audit:read': 'Änderungsprotokoll ansehen',
  'releases:read': 'Live-Versionen der Shop-Bereiche ansehen',
  'releases:write': 'Live-Versionen ändern: freigeben, zurücksetzen, Canary beenden',
  'settings:write': 'Shop-Einstellungen ändern',
};

/** /admin/auth-status (spec §2): who is logged in, the role and what it may do, as the services see it. */
export function AuthStatusPage() {
  useSeo({ title: 'Anmeldestatus', robots: 'noindex, nofollow' });
  const { user } = useSession();
  const [status, setStatus] = useState<AuthStatus | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    staffApi.authStatus().then(setStatus, () => setFailed(true));
  }, []);
  return (
    <section className="shop-page admin-page">
      <h1>Anmeldestatus</h1>
      {failed && (
        <Notice tone="warning" role="alert">
          Der Anmeldestatus konnte nicht geladen werden.
        </Notice>
      )}
      {!status && !failed && <Spinner label="Wird geladen…" />}
      {status && (
        <>
          <dl className="admin-facts">
            <div>
              <dt>Angemeldet als</dt>
              <dd>{user ? `${user.firstName} ${user.lastName} (${user.email})` : status.userId}</dd>
            </div>
            <div>
              <dt>Rolle</dt>
              <dd data-testid="admin-role">{ROLE_LABELS[status.role]}</dd>
            </div>
          </dl>
          <h2>Berechtigungen</h2>
          <ul className="admin-permissions">
            {STAFF_PERMISSIONS.map((permission) => {
              const granted = status.permissions.includes(permission);
              return (
                <li key={permission} className={granted ? 'admin-permissions__granted' : 'admin-permissions__denied'}>
                  <span aria-hidden="true">{granted ? '✓' : '–'}</span> {PERMISSION_LABELS[permission]}
                  <span className="shop-visually-hidden">{granted ? ' (erlaubt)' : ' (nicht erlaubt)'}</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
