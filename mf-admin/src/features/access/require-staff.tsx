import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { permissionsOf } from '@shop/contracts';
import { Spinner } from '@shop/ui';
import { loadSession, useSession } from '@shop/shell-api';

/**
 * Every admin screen (spec §6): visitors without a login go to /anmelden and come back
 * afterwards; logged-in customers (any role without staff permissions) are sent to /. The
 * services refuse them anyway: this only keeps them from a screen they cannot use.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  useEffect(() => {
    void loadSession();
  }, []);
  if (status === 'unknown') return <Spinner label="Wird geladen…" />;
  if (status === 'anonymous' || !user)
    return <Navigate to={`/anmelden?weiter=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (permissionsOf(user.role).length === 0) return <Navigate to="/" replace />;
  return <>{children}</>;
}
