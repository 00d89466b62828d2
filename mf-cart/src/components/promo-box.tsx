import { Button, ClientForm } from '@shop/ui';
import { useState, type FormEvent } from 'react';
import type { CartResponse } from '@shop/contracts';
import { cartActions } from '../stores/cart-store';

/**
 * Promo code box (spec §4, §5): input trimmed and uppercased, Enter submits, the button is
 * disabled while empty or checking; an applied code shows in a green box with a remove button.
 * Disabled until hydration on the server-rendered cart page (ClientForm).
 */
export function PromoBox({ cart }: { cart: CartResponse }) {
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  if (cart.promo) {
    return (
      <div className="cart-promo-box cart-promo-box--applied" data-testid="promo-applied">
        <span>
          Gutscheincode <strong>{cart.promo.code}</strong> angewendet
        </span>
        <Button variant="ghost" onClick={() => void cartActions.removePromo()}>
          Entfernen
        </Button>
      </div>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || checking) return;
    setChecking(true);
    const ok = await cartActions.applyPromo(code);
    setChecking(false);
    if (ok) setCode('');
  };
  return (
    <ClientForm className="cart-promo-box" onSubmit={(event) => void submit(event)}>
      <label htmlFor="promo-code">Gutscheincode</label>
      <div className="cart-promo-box__row">
        <input
          id="promo-code"
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          autoComplete="off"
          maxLength={32}
        />
        <Button variant="secondary" type="submit" disabled={!code.trim() || checking}>
          {checking ? 'Wird geprüft…' : 'Einlösen'}
        </Button>
      </div>
    </ClientForm>
  );
}
