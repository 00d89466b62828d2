import { useFormContext } from 'react-hook-form';
import type { CheckoutFormValues } from '../checkout-form';
import { AddressFields } from '../components/address-fields';
import { AddressBlock, useHydrated } from '@shop/ui';
import { useDoorCheck } from '../../../lib/door-check';

/**
 * Step 2: billing address and, when it differs, the delivery address (Germany only, no Packstation).
 * Hydrated, the delivery fields show when the box is unticked. In the server's HTML (no JavaScript)
 * they are always there, folded in 'Abweichende Lieferadresse' (open when the box was unticked) and
 * not required: the cart service reads them only when the box is unticked (forms first). The
 * age check of the next step is made for the delivery name (id-card-mrz in the cart service), so
 * the step says so before a shopper names someone else.
 */
export function AddressStep() {
  const { register, watch, getValues } = useFormContext<CheckoutFormValues>();
  const hydrated = useHydrated();
  const doorCheck = useDoorCheck();
  const sameAddress = watch('shippingSameAsBilling');
  return (
    <>
      <AddressFields prefix="billing" legend="Rechnungsadresse" />
      <label className="cart-checkout-checkbox">
        <input type="checkbox" defaultChecked={getValues('shippingSameAsBilling')} {...register('shippingSameAsBilling')} />
        Lieferung an die Rechnungsadresse
      </label>
      {hydrated ? (
        !sameAddress && <AddressFields prefix="shipping" legend="Lieferadresse" />
      ) : (
        <details className="cart-checkout-delivery" open={!sameAddress}>
          <summary>Abweichende Lieferadresse</summary>
          <p className="shop-field__hint">Entfernen Sie dafür den Haken bei „Lieferung an die Rechnungsadresse“.</p>
          <AddressFields prefix="shipping" legend="Lieferadresse" optional />
        </details>
      )}
      <p className="shop-field__hint" data-testid="recipient-hint">
        Im nächsten Schritt prüfen wir den Personalausweis des Empfängers: Der Name in der Lieferadresse muss mit dem Ausweis
        übereinstimmen. Bestellen darf nur die geprüfte Person.
      </p>
      <p className="shop-field__hint">{doorCheck.atTheDoor} Auch Postfilialen und Paketshops sind als Lieferadresse nicht möglich.</p>
    </>
  );
}

export function AddressSummary() {
  const values = useFormContext<CheckoutFormValues>().getValues();
  return (
    <div className="cart-checkout-addresses">
      <div>
        <strong>Rechnungsadresse</strong>
        <AddressBlock address={values.billing} />
      </div>
      <div>
        <strong>Lieferadresse</strong>
        {values.shippingSameAsBilling ? <p>wie Rechnungsadresse</p> : <AddressBlock address={values.shipping} />}
      </div>
    </div>
  );
}
