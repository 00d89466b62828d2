import formBody from '@fastify/formbody';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CHECKOUT_FORM_ACTIONS, DecimalAmount, DhlAgeCheckService, IdempotencyKey, PaymentMethodId } from '@shop/contracts';
import {
  CHECKOUT_STEP_NAMES,
  CHECKOUT_STEP_SCHEMAS,
  CheckoutFormOutcome,
  type AddressForm,
  type CheckoutStepName,
} from '@shop/contracts/checkout';
import { firstErrorByField, formFailureText, formText, FormOutcome, type AttemptLimiter } from '@shop/service-kit';
import { z } from 'zod';
import type { CartOwners } from '../cart/cart-owner';
import type { AgeVerificationProvider } from '../age-verification/provider';
import type { IdCardMrzInput } from '../age-verification/id-card-mrz';
import { OrderPlacement } from '../orders/order-placement';
import { placeWithinLimits } from '../orders/orders.routes';
import { STALE_PENDING_MS } from '../orders/stale-pending-orders';
import { grantOrderAccess } from '../orders/order-access';
import type { Orders } from '../orders/orders';
import {
  CheckoutProgresses,
  deliveryOf,
  firstOpenStep,
  passedAgeCheck,
  toFormState,
  type CheckoutProgress,
  type CheckoutValues,
  type FieldError,
} from './checkout-progress';

type Fields = Record<string, unknown>;

/** The page every answer goes back to (303), unless the order was placed. */
const CHECKOUT_PAGE = '/kasse';
/** The thank-you page of an order: `/danke/{orderId}` (route table of @shop/routes). */
const THANK_YOU_PAGE = '/danke';
const ADDRESS_FIELDS = ['firstName', 'lastName', 'street', 'addressLine2', 'postalCode', 'city'] as const;
/** Entries are cut a little beyond what the schemas allow, so their 'too long' still shows. */
const FIELD_CAP = 250;
const UNREACHABLE = 'Die Bestellung konnte gerade nicht abgeschlossen werden. Bitte versuchen Sie es erneut.';
const AGE_CHECK_UNAVAILABLE = 'Die Altersprüfung ist gerade nicht möglich. Bitte versuchen Sie es erneut.';
const REVIEW_OUTDATED = 'Ihre Bestellübersicht war nicht mehr aktuell. Bitte prüfen Sie Ihre Bestellung erneut.';
const CHANGED_ELSEWHERE = 'Ihre Angaben wurden gerade in einem anderen Fenster geändert. Bitte versuchen Sie es erneut.';
/** How long a repeated 'Zahlungspflichtig bestellen' waits at most for the first one's order (ms, polled). */
const SAME_ORDER_WAIT_MS = 10_000;
const SAME_ORDER_POLL_MS = 100;

const text = (fields: Fields, name: string) => formText(fields, name, FIELD_CAP);
const address = (fields: Fields, prefix: 'billing' | 'shipping'): AddressForm =>
  Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, text(fields, `${prefix}.${field}`)])) as AddressForm;

/** The first German message per field of a refused entry, by the field's name in the form ('billing.street'). */
const fieldErrors = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldError[] =>
  Object.entries(firstErrorByField<string>(issues, { dottedPaths: true })).map(([field, message]) => ({ field, message: message! }));
/** The refusal of a step as a whole (the age check's reason, a refused order). */
const formError = (message: string): FieldError[] => [{ field: 'form', message }];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The birth date of a refused age check, as typed, carried back to the age step in the visitor's
 * own signed cookie (FormOutcome, 10 minutes): the shop keeps neither it nor the ID card lines
 * (legal-de.md §1.10), and a shopper who mistyped a line need not type the date again.
 */
const AGE_ENTRY_COOKIE = 'shop_checkout_age';
const AgeEntry = z.object({ birthDate: z.string().max(10) }).strict();

interface CheckoutFormOptions {
  owners: CartOwners;
  progresses: CheckoutProgresses;
  placement: OrderPlacement;
  orders: Orders;
  ageVerification: AgeVerificationProvider<IdCardMrzInput>;
  /** Orders placed per client IP and per e-mail address (limits/windows.ts), as for `POST /api/orders`. */
  orderLimits: { perIp: AttemptLimiter; perEmail: AttemptLimiter };
  secureCookies: boolean;
  now: () => Date;
}

/**
 * The checkout `/kasse` as server-answered steps (docs/decisions/forms-first.md), for browsers
 * without JavaScript and taps before hydration; the hydrated page checks and orders in place.
 * - `POST /api/checkout/form` (urlencoded; CHECKOUT_FORM_ACTIONS.step): `schritt` names the step
 *   sent. Contact, address and age are checked with the contract's CHECKOUT_STEP_SCHEMAS (the
 *   browser checkout's); the age check runs with the ID card lines and birth date for the delivery
 *   name, and only that/when it passed is kept (legal-de.md §1.10); shipping and payment confirm
 *   their one option; the review's 'Zahlungspflichtig bestellen' places the cart through
 *   OrderPlacement within the order limits, with the idempotency key the review carries (its
 *   `orderKey`, made when the review opened) and the total it showed (`expectedTotal`), and answers
 *   303 to the thank-you page, granting this browser the order (a repeat of the same key, also in
 *   parallel, lands on the same order); a changed contact, address or age check drops the key, so
 *   an older review's order is refused as outdated. `aendern` opens a finished step again. A
 *   refused entry changes nothing kept: it comes back at its fields with the German errors and
 *   what was typed (never the ID card lines; the birth date of a refused age check only from the
 *   visitor's own signed cookie, AGE_ENTRY_COOKIE, never stored); so does an entry another tab's
 *   write overtook ('Bitte versuchen Sie es erneut'). Every other answer is 303 to `/kasse`.
 * - `GET /api/checkout/form/state`: the checkout as kept for this browser's cart
 *   (CheckoutFormOutcome; `state` null without a cart), read by the page's server render as the
 *   visitor (the route is `sessionRendered`).
 */
export const checkoutFormRoutes: FastifyPluginAsync<CheckoutFormOptions> = async (app, options) => {
  const { owners, progresses, now } = options;
  // Scoped to this plugin: the JSON endpoints keep taking JSON only.
  await app.register(formBody);

  const ageEntry = new FormOutcome<z.infer<typeof AgeEntry>>({
    cookie: AGE_ENTRY_COOKIE,
    schema: AgeEntry,
    secure: options.secureCookies,
    now,
  });
  const backToCheckout = (reply: FastifyReply) => reply.header('cache-control', 'no-store').redirect(CHECKOUT_PAGE, 303);
  const toThankYou = (request: FastifyRequest, reply: FastifyReply, orderId: string) => {
    grantOrderAccess(request, reply, orderId, options.secureCookies);
    return reply.header('cache-control', 'no-store').redirect(`${THANK_YOU_PAGE}/${encodeURIComponent(orderId)}`, 303);
  };

  /**
   * The order placed with this cart's key, else null. Waits (polled, up to SAME_ORDER_WAIT_MS) only
   * while a placement of this key is under way: the cart claimed for its order id (the claim comes
   * before the pending order is inserted) or its pending order's placing lease in the future.
   */
  const placedOrder = async (ownerKey: string, orderKey: string): Promise<string | null> => {
    const orderId = OrderPlacement.orderIdFor(ownerKey, orderKey);
    for (let waited = 0; waited <= SAME_ORDER_WAIT_MS; waited += SAME_ORDER_POLL_MS) {
      const order = await options.orders.findById(orderId);
      if (order && order.status !== 'pending') return orderId;
      const underWay = order
        ? !!order.placingUntil && new Date(order.placingUntil).getTime() > now().getTime()
        : await progresses.claimedFor(ownerKey, orderId, new Date(now().getTime() - STALE_PENDING_MS));
      if (!underWay) return null;
      await sleep(SAME_ORDER_POLL_MS);
    }
    return null;
  };

  /** The next progress after the step `step` was sent with `fields`: what to keep, or the refusal. */
  const advance = async (
    progress: CheckoutProgress,
    step: CheckoutStepName,
    fields: Fields,
    ownerKey: string,
    log: FastifyBaseLogger,
  ): Promise<Omit<CheckoutProgress, 'revision'>> => {
    const kept = { ...progress, refusal: null, reopened: null };
    // The order button confirms what the review showed (§ 312j BGB): a changed contact, address or
    // age check drops the review's order key, so an older review page's order is refused as outdated.
    const changed = (next: Pick<CheckoutProgress, 'values' | 'ageCheck'>) =>
      JSON.stringify([next.values, next.ageCheck]) === JSON.stringify([progress.values, progress.ageCheck])
        ? { ...kept, ...next }
        : { ...kept, ...next, orderKey: null };
    const refuse = (errors: FieldError[], values: CheckoutValues = progress.values) => ({
      ...progress,
      refusal: { step, values, errors },
    });
    switch (step) {
      case 'contact': {
        const values = { ...progress.values, email: text(fields, 'email') };
        const parsed = CHECKOUT_STEP_SCHEMAS.contact.safeParse(values);
        if (!parsed.success) return refuse(fieldErrors(parsed.error.issues), values);
        return { ...changed({ values: { ...values, email: parsed.data.email }, ageCheck: progress.ageCheck }), contactDone: true };
      }
      case 'address': {
        const values: CheckoutValues = {
          ...progress.values,
          billing: address(fields, 'billing'),
          // An unticked checkbox is not sent.
          shippingSameAsBilling: typeof fields.shippingSameAsBilling === 'string',
          shipping: typeof fields['shipping.firstName'] === 'string' ? address(fields, 'shipping') : progress.values.shipping,
        };
        const parsed = CHECKOUT_STEP_SCHEMAS.address.safeParse(values);
        if (!parsed.success) return refuse(fieldErrors(parsed.error.issues), values);
        const shipping = values.shippingSameAsBilling ? values.shipping : (parsed.data.shipping as AddressForm);
        return {
          ...changed({ values: { ...values, billing: parsed.data.billing, shipping }, ageCheck: progress.ageCheck }),
          addressDone: true,
        };
      }
      case 'age': {
        const entries = {
          birthDate: text(fields, 'birthDate'),
          mrz1: text(fields, 'mrz1'),
          mrz2: text(fields, 'mrz2'),
          mrz3: text(fields, 'mrz3'),
        };
        const parsed = CHECKOUT_STEP_SCHEMAS.age.safeParse(entries);
        if (!parsed.success) return refuse(fieldErrors(parsed.error.issues));
        const holder = deliveryOf(progress.values);
        let result;
        try {
          result = await options.ageVerification.verify({
            mrzLines: [entries.mrz1, entries.mrz2, entries.mrz3].map((line) => line.replace(/\s/g, '').toUpperCase()),
            birthDate: parsed.data.birthDate,
            orderDate: now(),
            holder,
          });
        } catch (error) {
          // Logged without the input: no birth date, no ID card lines (legal-de.md §1.10).
          log.error({ err: error }, 'age verification failed at the checkout form');
          return refuse(formError(AGE_CHECK_UNAVAILABLE));
        }
        if (!result.verified) return refuse(formError(result.failureReason ?? 'Die Altersprüfung ist fehlgeschlagen.'));
        const { method, providerReference, checkedAt } = result;
        return changed({
          values: progress.values,
          ageCheck: { method, providerReference, checkedAt, firstName: holder.firstName, lastName: holder.lastName },
        });
      }
      case 'shipping':
        return { ...kept, shippingMethod: 'dhl-age-check' };
      case 'payment': {
        const method = PaymentMethodId.safeParse(fields.paymentMethod);
        if (!method.success) return refuse([{ field: 'paymentMethod', message: 'Bitte wählen Sie eine Zahlungsart.' }]);
        const unavailable = await options.placement.paymentRefusal(ownerKey, method.data);
        if (unavailable) return refuse([{ field: 'paymentMethod', message: unavailable }]);
        // Another method is another total: a review shown before no longer places the order.
        return method.data === progress.paymentMethod
          ? { ...kept, paymentMethod: method.data }
          : { ...kept, paymentMethod: method.data, orderKey: null };
      }
      case 'review':
        return kept; // placed by the route itself
    }
  };

  app.post(CHECKOUT_FORM_ACTIONS.step, { schema: { hide: true } }, async (request, reply) => {
    const fields = (request.body ?? {}) as Fields;
    const { ownerKey, userId } = await owners.resolve(request, reply, false);
    const orderKey = IdempotencyKey.safeParse(fields.orderKey);
    // A repeated 'Zahlungspflichtig bestellen' (double tap, resubmit after back): the same order.
    if (ownerKey && fields.schritt === 'review' && orderKey.success) {
      const placed = await placedOrder(ownerKey, orderKey.data);
      if (placed) return toThankYou(request, reply, placed);
    }
    const progress = ownerKey ? await progresses.read(ownerKey, now()) : null;
    if (!ownerKey || !progress) return backToCheckout(reply); // no cart (any more): the page says so
    const at = now();
    const first = firstOpenStep(progress, at);
    const reachable = (step: string): step is CheckoutStepName =>
      (CHECKOUT_STEP_NAMES as readonly string[]).includes(step) &&
      CHECKOUT_STEP_NAMES.indexOf(step as CheckoutStepName) <= CHECKOUT_STEP_NAMES.indexOf(first);

    if (typeof fields.aendern === 'string') {
      ageEntry.forget(reply);
      if (reachable(fields.aendern))
        await progresses.save(ownerKey, progress, { ...progress, refusal: null, reopened: fields.aendern }, at);
      return backToCheckout(reply);
    }
    const step = fields.schritt;
    // A step not open yet (sent from an outdated page): the page shows where the checkout stands.
    if (typeof step !== 'string' || !reachable(step)) return backToCheckout(reply);
    if (step !== 'review') {
      const next = await advance(progress, step, fields, ownerKey, request.log);
      if (step === 'age') {
        const birthDate = text(fields, 'birthDate').slice(0, 10);
        if (next.refusal && birthDate) ageEntry.carry(reply, { birthDate });
        else ageEntry.forget(reply);
      }
      if (!(await progresses.save(ownerKey, progress, next, at))) {
        // Another tab wrote first: nothing of this entry is kept; say so at the step (as typed, without the ID lines).
        const latest = await progresses.read(ownerKey, now());
        const values = next.refusal?.values ?? next.values;
        if (latest)
          await progresses.save(ownerKey, latest, { ...latest, refusal: { step, values, errors: formError(CHANGED_ELSEWHERE) } }, at);
      }
      return backToCheckout(reply);
    }

    const refuseOrder = (errors: FieldError[]) =>
      progresses.save(ownerKey, progress, { ...progress, refusal: { step: 'review', values: progress.values, errors } }, at);
    const terms = CHECKOUT_STEP_SCHEMAS.review.safeParse({ acceptTerms: typeof fields.acceptTerms === 'string' });
    if (!terms.success) {
      await refuseOrder(fieldErrors(terms.error.issues));
      return backToCheckout(reply);
    }
    const expectedTotal = DecimalAmount.safeParse(fields.expectedTotal);
    if (!orderKey.success || orderKey.data !== progress.orderKey || !expectedTotal.success || !progress.ageCheck) {
      await refuseOrder(formError(REVIEW_OUTDATED));
      return backToCheckout(reply);
    }
    const { values } = progress;
    try {
      const { order } = await placeWithinLimits(options.placement, options.orderLimits, request.ip, {
        ownerKey,
        idempotencyKey: orderKey.data,
        userId,
        input: {
          // As the JSON endpoint's PlaceOrderBody reads it.
          email: values.email.toLowerCase(),
          billingAddress: { ...values.billing, country: 'DE' },
          shippingAddress: values.shippingSameAsBilling ? null : { ...values.shipping, country: 'DE' },
          shippingMethod: 'dhl-age-check',
          paymentMethod: progress.paymentMethod ?? 'prepayment',
          acceptTerms: true,
          expectedTotal: expectedTotal.data,
          // The check at the door the review step named (absent when the page could not read it).
          expectedAgeCheck: DhlAgeCheckService.safeParse(fields.expectedAgeCheck).data,
          passedAgeCheck: passedAgeCheck(progress.ageCheck),
        },
      });
      return toThankYou(request, reply, order.id);
    } catch (error) {
      // The same key being placed by a parallel request: its order, once placed.
      const placed = await placedOrder(ownerKey, orderKey.data);
      if (placed) return toThankYou(request, reply, placed);
      // The service's own German message for an expected refusal (a changed total, a limit); else logged.
      const reason = formFailureText(error);
      if (reason === null) request.log.error({ err: error }, 'checkout form order failed');
      await refuseOrder(formError(reason ?? UNREACHABLE));
      return backToCheckout(reply);
    }
  });

  app.get(
    CHECKOUT_FORM_ACTIONS.state,
    { schema: { summary: "The checkout as kept for this browser's cart (read by the checkout page's server render)", hide: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { ownerKey } = await owners.resolve(request, reply, false);
      const progress = ownerKey ? await progresses.read(ownerKey, now()) : null;
      const state = progress ? toFormState(progress, now()) : null;
      // The typed birth date comes back once, and only to the age step its refusal reopened.
      const refusedAge = state?.step === 'age' && Object.keys(state.errors).length > 0;
      const birthDate = refusedAge ? (ageEntry.read(request)?.birthDate ?? null) : null;
      if (request.cookies[AGE_ENTRY_COOKIE]) ageEntry.forget(reply);
      return CheckoutFormOutcome.parse({ state: state && { ...state, birthDate } });
    },
  );
};
