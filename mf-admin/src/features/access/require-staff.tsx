import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { permissionsOf } from '@shop/contracts';
import { Spinner } from '@shop/ui';
import { loadSession, useSeo, useSession } from '@shop/shell-api';

/**
 * Every admin screen (spec §6): visitors without a login go to /anmelden and come back
 * afterwards; logged-in customers (any role without staff permissions) are told that the area is
 * for staff (the gateway answers their first HTML with 403). The services refuse them anyway:
 * this only keeps them from a screen they cannot use.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  useEffect(() => {
    void loadSession();
  }, []);
  const here = location.pathname + location.search;
  if (status === 'unknown') return <Spinner label="Wird geladen…" />;
  if (status === 'anonymous' || !user) return <Navigate to={`/anmelden?weiter=${encodeURIComponent(here)}`} replace />;
  if (permissionsOf(user.role).length === 0) return <NoStaffAccess returnTo={here} />;
  return <>{children}</>;
}

/** What a logged-in customer sees in the back office: no access, the way back to the shop, a staff login. */
function NoStaffAccess({ returnTo }: { returnTo: string }) {
  useSeo({ title: 'Kein Zugriff', robots: 'noindex, nofollow' });
  return (
    <section className="shop-page admin-page">
      <h1>Kein Zugriff</h1>
      <p>
        Dieser Bereich ist den Mitarbeiterinnen und Mitarbeitern des Shops vorbehalten. Mit Ihrem Kundenkonto können Sie ihn nicht öffnen.
      </p>
      <ul>
        <li>
          <Link to="/">Zurück zum Shop</Link>
        </li>
        <li>
          <Link to={`/anmelden?weiter=${encodeURIComponent(returnTo)}`}>Mit einem Mitarbeiterkonto anmelden</Link>
        </li>
      </ul>
    </section>
  );
}
