import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { User } from '@shop/contracts';
import { loadSession, useSession } from '@shop/shell-api';
import type { AddressForm, CheckoutFormValues } from './checkout-form';

/**
 * What a logged-in customer's account gives the checkout: the
 * e-mail address, and the saved delivery address (or at least the name) as billing address.
 * Only empty fields are filled: what the shopper typed in this tab (the draft) always wins.
 */
export function prefillFromAccount(values: CheckoutFormValues, user: User): Partial<Pick<CheckoutFormValues, 'email' | 'billing'>> {
  const patch: Partial<Pick<CheckoutFormValues, 'email' | 'billing'>> = {};
  if (!values.email.trim()) patch.email = user.email;
  const billingEmpty = Object.values(values.billing).every((value) => !value.trim());
  if (billingEmpty) {
    const saved: AddressForm | null = user.address
      ? {
          firstName: user.address.firstName,
          lastName: user.address.lastName,
          street: user.address.street,
          addressLine2: user.address.addressLine2,
          postalCode: user.address.postalCode,
          city: user.address.city,
        }
      : null;
    patch.billing = saved ?? { ...values.billing, firstName: user.firstName, lastName: user.lastName };
  }
  return patch;
}

/** Fills the checkout from the session's user once it is known (@shop/shell-api session store). */
export function useCustomerPrefill(form: UseFormReturn<CheckoutFormValues>): void {
  const { user } = useSession();
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    if (!user) return;
    const patch = prefillFromAccount(form.getValues(), user);
    if (patch.email !== undefined) form.setValue('email', patch.email);
    if (patch.billing) form.setValue('billing', patch.billing);
  }, [form, user]);
}
