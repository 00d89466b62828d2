import { randomUUID } from 'node:crypto';
import type { PaymentMethodId } from '@shop/contracts';
import type { Connection } from 'mongoose';
import { CHECKOUT_STEP_NAMES, type AddressForm, type CheckoutFormState, type CheckoutStepName } from '@shop/contracts/checkout';
import { cartModel } from '../cart/cart.model';
import { CheckoutClaims } from '../cart/checkout-claims';
import type { AgeVerificationResult } from '../age-verification/provider';

/** How long a passed age check carries a checkout to its order (ms): the card's validity was judged on that day. */
export const AGE_CHECK_VALID_MS = 24 * 60 * 60 * 1000;

/**
 * How long an abandoned checkout's progress (e-mail, addresses, age check) is kept after its last
 * entry (ms): as long as a passed age check holds; older progress reads as absent and is cleared
 * from the database by the 'checkout-progress-sweep' job (docs/security.md, GDPR Art. 5(1)(e)).
 */
export const PROGRESS_KEPT_MS = AGE_CHECK_VALID_MS;

/** Contact and addresses as the checkout form has them (typed text; kept only once their step's schema passed). */
export type CheckoutValues = CheckoutFormState['values'];

/** A German message at a field of the form ('billing.street'; 'form' for the step as a whole). */
export interface FieldError {
  field: string;
  message: string;
}

/** The passed age check: its result and the delivery name it was passed for (no card data, no birth date). */
export interface PassedAgeCheck {
  method: string;
  providerReference: string;
  checkedAt: Date;
  firstName: string;
  lastName: string;
}

/**
 * The checkout of one cart without JavaScript, stored on the cart (`checkoutProgress`) and gone
 * with it when the order empties it. What each finished step kept, never the birth date or the
 * ID card lines (legal-de.md §1.10):
 * - `values` contact and addresses, `contactDone`/`addressDone` whether their step passed;
 * - `ageCheck` that/when the age check passed, for which delivery name;
 * - `shippingMethod`, `paymentMethod` the confirmed choices;
 * - `reopened` a finished step the shopper opened again ('Ändern');
 * - `orderKey` the idempotency key of 'Zahlungspflichtig bestellen' (made when the review opens);
 * - `refusal` the last refused entry (its step, what was typed, the German errors by field: a
 *   list, as field names contain dots, which a stored key may not), shown until the next entry;
 *   it never changes what was kept;
 * - `revision` for compare-and-set writes (two tabs never half-overwrite each other);
 * - `updatedAt` when it was last written: older than PROGRESS_KEPT_MS it counts as absent.
 */
export interface CheckoutProgress {
  revision: number;
  values: CheckoutValues;
  contactDone: boolean;
  addressDone: boolean;
  ageCheck: PassedAgeCheck | null;
  shippingMethod: 'dhl-age-check' | null;
  paymentMethod: PaymentMethodId | null;
  reopened: CheckoutStepName | null;
  orderKey: string | null;
  refusal: { step: CheckoutStepName; values: CheckoutValues; errors: FieldError[] } | null;
  updatedAt: Date | null;
}

const EMPTY_ADDRESS: AddressForm = { firstName: '', lastName: '', street: '', addressLine2: '', postalCode: '', city: '' };

export const EMPTY_PROGRESS: CheckoutProgress = {
  revision: 0,
  values: { email: '', billing: EMPTY_ADDRESS, shippingSameAsBilling: true, shipping: EMPTY_ADDRESS },
  contactDone: false,
  addressDone: false,
  ageCheck: null,
  shippingMethod: null,
  paymentMethod: null,
  reopened: null,
  orderKey: null,
  refusal: null,
  updatedAt: null,
};

const isStale = (progress: CheckoutProgress, now: Date) =>
  !progress.updatedAt || now.getTime() - new Date(progress.updatedAt).getTime() > PROGRESS_KEPT_MS;

/** The address the parcel goes to, whose name the ID card must carry. */
export const deliveryOf = (values: CheckoutValues): AddressForm => (values.shippingSameAsBilling ? values.billing : values.shipping);

/** Whether the kept age check applies now: passed for the current delivery name, within AGE_CHECK_VALID_MS. */
export function ageCheckApplies(progress: CheckoutProgress, now: Date): boolean {
  const check = progress.ageCheck;
  if (!check) return false;
  const delivery = deliveryOf(progress.values);
  return (
    check.firstName === delivery.firstName &&
    check.lastName === delivery.lastName &&
    now.getTime() - new Date(check.checkedAt).getTime() <= AGE_CHECK_VALID_MS
  );
}

/** The first step not finished yet (review when all are). */
export function firstOpenStep(progress: CheckoutProgress, now: Date): CheckoutStepName {
  if (!progress.contactDone) return 'contact';
  if (!progress.addressDone) return 'address';
  if (!ageCheckApplies(progress, now)) return 'age';
  if (!progress.shippingMethod) return 'shipping';
  if (!progress.paymentMethod) return 'payment';
  return 'review';
}

/** The step whose form is open: a refused one, one opened again, else the first not finished. */
export function openStep(progress: CheckoutProgress, now: Date): CheckoutStepName {
  const first = firstOpenStep(progress, now);
  const asked = progress.refusal?.step ?? progress.reopened;
  return asked && CHECKOUT_STEP_NAMES.indexOf(asked) <= CHECKOUT_STEP_NAMES.indexOf(first) ? asked : first;
}

/** The progress as the page's server render reads it (CheckoutFormState). */
export function toFormState(progress: CheckoutProgress, now: Date): Omit<CheckoutFormState, 'birthDate'> {
  const step = openStep(progress, now);
  return {
    step,
    values: progress.refusal?.values ?? progress.values,
    errors: Object.fromEntries((progress.refusal?.errors ?? []).map(({ field, message }) => [field, message])),
    ageCheckedAt: ageCheckApplies(progress, now) ? new Date(progress.ageCheck!.checkedAt).toISOString() : null,
    orderKey: step === 'review' ? progress.orderKey : null,
    paymentMethod: progress.paymentMethod,
    started: progress.revision > 0,
  };
}

/** The age check as the order records it. */
export const passedAgeCheck = (check: PassedAgeCheck): AgeVerificationResult => ({
  verified: true,
  method: check.method,
  providerReference: check.providerReference,
  checkedAt: new Date(check.checkedAt),
});

/**
 * The checkout progress of carts (the cart document's `checkoutProgress`). Writes are
 * compare-and-set on `revision`, and only on a cart that has items.
 */
export class CheckoutProgresses {
  constructor(private readonly db: Connection) {}

  private get model() {
    return cartModel(this.db);
  }

  /**
   * The cart's progress at `now` (EMPTY_PROGRESS when none yet, or when its last entry is older
   * than PROGRESS_KEPT_MS: then at the stored revision, so the next write replaces it), or null
   * when the cart is empty or absent.
   */
  async read(ownerKey: string, now: Date): Promise<CheckoutProgress | null> {
    const cart = await this.model.findById(ownerKey, { items: 1, checkoutProgress: 1 }).lean();
    if (!cart?.items.length) return null;
    const progress = cart.checkoutProgress as CheckoutProgress | null;
    if (!progress) return EMPTY_PROGRESS;
    return isStale(progress, now) ? { ...EMPTY_PROGRESS, revision: progress.revision } : progress;
  }

  /**
   * Clears the progress of every cart whose last checkout entry is older than PROGRESS_KEPT_MS at
   * `now` (periodic job 'checkout-progress-sweep'). @returns how many carts were cleared.
   */
  async clearStale(now: Date): Promise<number> {
    const before = new Date(now.getTime() - PROGRESS_KEPT_MS);
    const result = await this.model.updateMany(
      {
        checkoutProgress: { $ne: null },
        // Progress stored before it was stamped reads as stale too.
        $or: [{ 'checkoutProgress.updatedAt': { $lt: before } }, { 'checkoutProgress.updatedAt': { $exists: false } }],
      },
      { $set: { checkoutProgress: null } },
    );
    return result.modifiedCount;
  }

  /** Whether the cart is claimed for the order `orderId` (claim not older than `staleBefore`): its placement is under way. */
  async claimedFor(ownerKey: string, orderId: string, staleBefore: Date): Promise<boolean> {
    const claim = await new CheckoutClaims(this.db).of(ownerKey);
    return !!claim && claim.orderId === orderId && new Date(claim.at).getTime() >= staleBefore.getTime();
  }

  /**
   * Stores `next` if the progress is still at `previous.revision`; when the step open after it is
   * the review and no order key is kept, one is made now (bound to this cart: the order id is
   * derived from cart owner and key). @returns false when another write came first.
   */
  async save(ownerKey: string, previous: CheckoutProgress, next: Omit<CheckoutProgress, 'revision'>, now: Date): Promise<boolean> {
    const stored: CheckoutProgress = { ...next, revision: previous.revision + 1, updatedAt: now };
    if (!stored.orderKey && openStep(stored, now) === 'review') stored.orderKey = randomUUID();
    const filter =
      previous.revision === 0
        ? { _id: ownerKey, 'items.0': { $exists: true }, checkoutProgress: null }
        : { _id: ownerKey, 'items.0': { $exists: true }, 'checkoutProgress.revision': previous.revision };
    const result = await this.model.updateOne(filter, { $set: { checkoutProgress: stored } });
    return result.modifiedCount === 1;
  }
}
