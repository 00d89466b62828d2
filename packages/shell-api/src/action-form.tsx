import type { FormEvent, FormHTMLAttributes } from 'react';
import { useLocation } from 'react-router-dom';
import { RETURN_FIELD } from '@shop/contracts';

export interface ActionFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'method' | 'onSubmit'> {
  /** The server's form endpoint (CART_FORM_ACTIONS, WISHLIST_FORM_ACTIONS of @shop/contracts). */
  action: string;
  /** Where the server sends the browser back to (303): path and query; default the page the form is on. */
  returnTo?: string;
  /**
   * The same action in the browser once the page has hydrated, with the form's fields (the
   * submitting button's name and value included). Without it, the form is handled by the page's
   * own controls (buttons whose click does the work).
   */
  onAction?: (fields: FormData) => void;
}

/**
 * A storefront action as a real HTML form (progressive enhancement, docs/decisions/forms-first.md):
 * POST to the server's form endpoint, which does the work and answers 303 back to `returnTo`
 * with a German notice, so the action works before the JavaScript has loaded and without it.
 * Once React has hydrated the page, a submit is handled here instead (`onAction`), without
 * leaving the page. A tap is therefore handled exactly once: natively before hydration, by
 * React after it (the first HTML's submit guard stops a second native submission).
 */
export function ActionForm({ action, returnTo, onAction, children, ...rest }: ActionFormProps) {
  const { pathname, search } = useLocation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const fields = new FormData(event.currentTarget);
    if (submitter?.name) fields.set(submitter.name, submitter.value);
    onAction?.(fields);
  };
  return (
    <form method="post" action={action} onSubmit={submit} {...rest}>
      <input type="hidden" name={RETURN_FIELD} value={returnTo ?? pathname + search} />
      {children}
    </form>
  );
}
