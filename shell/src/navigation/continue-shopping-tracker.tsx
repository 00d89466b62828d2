import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { rememberListingPage } from '@shop/shell-api';

/** Remembers the last listing page as the 'continue shopping' target (spec §2 'Other'). */
export function ContinueShoppingTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    rememberListingPage(pathname, search);
  }, [pathname, search]);
  return null;
}
