import type { FormHTMLAttributes } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A form whose fields are disabled until the page has hydrated: on a
 * server-rendered page a shopper could otherwise type and submit before the JavaScript runs,
 * and the browser would send the form as a GET to the page's own address (the message or an
 * address in the URL, nothing saved). The fieldset takes no box (`display: contents`), so the
 * form's own layout applies to the fields.
 */
export function ClientForm({ children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset className="shop-client-form" disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  );
}
