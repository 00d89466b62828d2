import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@shop/ui';
import { loadSession, useSession } from '@shop/shell-api';

/**
 * Protected screens (spec §6): visitors without a login go to /anmelden and come back here after
 * logging in (`?weiter=`, checked by the login page to stay inside the shop). A shopper who just
 * logged out or deleted the account on this page goes to the home page instead.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { status, ended } = useSession();
  const location = useLocation();
  useEffect(() => {
    void loadSession();
  }, []);
  if (status === 'unknown') return <Spinner label="Wird geladen…" />;
  if (status === 'anonymous' && ended === 'signed-out') return <Navigate to="/" replace />;
  if (status === 'anonymous')
    return <Navigate to={`/anmelden?weiter=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}
