import type { Address } from '@shop/contracts';

/** An address as lines, as on a parcel label (the country, always Germany, is not needed: the checkout form has none). */
export function AddressBlock({ address }: { address: Omit<Address, 'country'> }) {
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
