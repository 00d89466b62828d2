import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Notice } from '@shop/ui';
import { useEntry } from './entry-store';

/**
 * The answer to a storefront form the server handled (a tap before the JavaScript was live, or
 * JavaScript off; docs/decisions/forms-first.md), at the top of the page it led to: 'Zum
 * Warenkorb hinzugefügt' with a link to the cart, or the German reason it did not work. It
 * belongs to that page only: gone after the next navigation.
 */
export function FlashNotice() {
  const flash = useEntry((state) => state.flash);
  const dismiss = useEntry((state) => state.dismissFlash);
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (pathname !== shownOn.current) dismiss();
  }, [pathname, dismiss]);
  if (!flash) return null;
  return (
    <div className="shell-flash" data-testid="flash-notice">
      <Notice tone={flash.tone === 'error' ? 'warning' : 'info'} role={flash.tone === 'error' ? 'alert' : 'status'}>
        <strong>{flash.title}</strong>
        {flash.text && <span> {flash.text}</span>}
        {flash.link && (
          <>
            {' '}
            <Link to={flash.link.href}>{flash.link.label}</Link>
          </>
        )}
      </Notice>
    </div>
  );
}
