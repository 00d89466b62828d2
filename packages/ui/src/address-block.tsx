/** The parts of a postal address in Germany that are printed (the shape of @shop/contracts' Address). */
export interface PostalAddress {
  firstName: string;
  lastName: string;
  street: string;
  addressLine2?: string;
  postalCode: string;
  city: string;
}

/** An address as lines, as on a parcel label (the country is always Germany: the shop delivers only there). */
export function AddressBlock({ address }: { address: PostalAddress }) {
  return (
    <address className="shop-address">
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
