import type { Address } from '@shop/contracts';
import type { AddressForm } from '../checkout-form';

/** An address as lines, as on a parcel label. */
export function AddressBlock({ address }: { address: Address | AddressForm }) {
  return (
    <address className="cart-checkout-address">
      {address.firstName} {address.lastName}
      <br />
      {address.street}
      {address.addressLine2 && (
        <>
          <br />
          {address.addressLine2}
        </>
      )}
      <br />
      {address.postalCode} {address.city}
      <br />
      Deutschland
    </address>
  );
}
