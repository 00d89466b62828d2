import { useFormContext } from 'react-hook-form';
import type { CheckoutFormValues } from '../checkout-form';
import { AddressFields } from '../components/address-fields';
import { AddressBlock } from '@shop/ui';

/** Step 2: billing address and, when it differs, the delivery address (Germany only, no Packstation). */
export function AddressStep() {
  const { register, watch } = useFormContext<CheckoutFormValues>();
  return (
    <>
      <AddressFields prefix="billing" legend="Rechnungsadresse" />
      <label className="cart-checkout-checkbox">
        <input type="checkbox" {...register('shippingSameAsBilling')} />
        Lieferung an die Rechnungsadresse
      </label>
      {!watch('shippingSameAsBilling') && <AddressFields prefix="shipping" legend="Lieferadresse" />}
      <p className="shop-field__hint">
        Keine Lieferung an Packstationen, Postfilialen oder Paketshops: DHL übergibt das Paket nur an eine volljährige Person
        (Alterssichtprüfung 18+).
      </p>
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
