import { Button, useHydrated } from '@shop/ui';
import { useEffect, useRef, useState } from 'react';
import { CART_FORM_ACTIONS, type CartResponse } from '@shop/contracts';
import { ActionForm } from '@shop/shell-api';
import { cartActions } from '../api/cart-actions';
import { SOLVING_MESSAGE } from '@shop/api-client/proof-of-work';

/**
 * Promo code box (spec §4, §5): input trimmed and uppercased, Enter submits, the button is
 * disabled while empty or checking; an applied code shows in a green box with a remove button.
 * Both are forms of the cart service (CART_FORM_ACTIONS), so they work before the JavaScript has
 * loaded and without it. The field is uncontrolled: what a shopper typed before hydration stays.
 * Behind a used-up per-IP backstop the browser proves its work first ('Einen Moment, wir prüfen
 * Ihre Anfrage …'); without JavaScript the form's refusal names the shop's e-mail address.
 */
export function PromoBox({ cart }: { cart: CartResponse }) {
  const input = useRef<HTMLInputElement>(null);
  const [filled, setFilled] = useState(false);
  const [checking, setChecking] = useState(false);
  // The browser is solving the service's proof-of-work (a used-up per-IP backstop).
  const [solving, setSolving] = useState(false);
  const hydrated = useHydrated();
  // Typed before hydration: the button is enabled for it.
  useEffect(() => setFilled(Boolean(input.current?.value.trim())), []);

  if (cart.promo) {
    return (
      <ActionForm
        className="cart-promo-box cart-promo-box--applied"
        data-testid="promo-applied"
        action={CART_FORM_ACTIONS.removePromo}

        onAction={() => void cartActions.removePromo()}
      >
        <span>
          Gutscheincode <strong>{cart.promo.code}</strong> angewendet
        </span>
        <Button variant="ghost" type="submit">
          Entfernen
        </Button>
      </ActionForm>
    );
  }
  const apply = async () => {
    const field = input.current;
    if (!field?.value.trim() || checking) return;
    setChecking(true);
    const ok = await cartActions.applyPromo(field.value, setSolving);
    setChecking(false);
    if (ok) {
      field.value = '';
      setFilled(false);
    }
  };
  return (
    <ActionForm className="cart-promo-box" action={CART_FORM_ACTIONS.applyPromo} onAction={() => void apply()}>
      <label htmlFor="promo-code">Gutscheincode</label>
      <div className="cart-promo-box__row">
        <input
          ref={input}
          id="promo-code"
          name="code"
          onChange={(event) => {
            event.target.value = event.target.value.toUpperCase();
            setFilled(Boolean(event.target.value.trim()));
          }}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
        />
        {/* Before hydration always enabled: the server ignores an empty code (spec §5). */}
        <Button variant="secondary" type="submit" disabled={hydrated && (!filled || checking)}>
          {checking ? 'Wird geprüft…' : 'Einlösen'}
        </Button>
      </div>
      {solving && (
        <p className="cart-promo-box__status" role="status">
          {SOLVING_MESSAGE}
        </p>
      )}
    </ActionForm>
  );
}
