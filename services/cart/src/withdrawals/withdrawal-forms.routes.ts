import formBody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  WITHDRAWAL_FORM_ACTIONS,
  WITHDRAWAL_FORM_STEPS,
  WithdrawalBody,
  WithdrawalFormOutcome,
  WithdrawalFormState,
  type SellerDetails,
} from '@shop/contracts';
import { firstErrorByField, formFailureText, formText, FormOutcome } from '@shop/service-kit';
import { refusalWithoutScript } from '../limits/windows';
import { withoutName, type Withdrawals } from './withdrawals';
import { declareWithinLimits, type WithdrawalLimits } from './withdrawals.routes';

/** The page the form is on, and where every answer goes (303). */
const WITHDRAWAL_PAGE = '/vertrag-widerrufen';
/** Signed, HttpOnly cookie carrying the form's outcome to the next render of the page only (service-kit FormOutcome). */
export const WITHDRAWAL_FORM_COOKIE = 'shop_withdrawal_form';
/** Entries are cut one character beyond what the contract allows, so its 'too long' still shows. */
const FIELD_CAP = { name: 201, orderNumber: 40, email: 201, items: 1001 } as const;
const UNREACHABLE = 'Der Widerruf konnte gerade nicht gesendet werden. Bitte versuchen Sie es erneut.';
/** Appended to the no-JavaScript refusal of the per-IP backstop: an e-mail is a valid withdrawal too (§ 355 Abs. 1 BGB). */
const EMAIL_WITHDRAWS = 'Eine E-Mail mit Ihrem Namen, der Bestellnummer und Ihrer Erklärung genügt als Widerruf.';

type Values = WithdrawalFormState['values'];
/**
 * What the form's answer hands to the page: the state without the receipt, which is read by its
 * id; `repeat` when the declaration repeated an earlier one, whose receipt is then shown without
 * the first declarant's name. A receipt names the buyer, so the outcome's ten minutes matter.
 */
const carriedSchema = () =>
  WithdrawalFormState.omit({ receipt: true }).extend({ withdrawalId: z.string().optional(), repeat: z.literal(true).optional() });
type Carried = z.output<ReturnType<typeof carriedSchema>>;

const text = (fields: Record<string, unknown>, name: keyof typeof FIELD_CAP) => formText(fields, name, FIELD_CAP[name]);

/**
 * 'Vertrag widerrufen' (§ 356a BGB) as an HTML form (docs/decisions/forms-first.md), for
 * browsers without JavaScript and taps before hydration; the hydrated page sends
 * `POST /api/withdrawals` itself.
 * - `POST /api/withdrawals/form` (urlencoded; WITHDRAWAL_FORM_ACTIONS): `schritt` 'pruefen' checks
 *   the entries with the JSON endpoint's schema, 'aendern' goes back to them, 'bestaetigen'
 *   declares the withdrawal through the same limits (declareWithinLimits; past the per-IP
 *   backstop, where no proof-of-work can be solved without JavaScript, the refusal names the
 *   shop's e-mail address). Always 303 to /vertrag-widerrufen, with the outcome in a signed,
 *   HttpOnly cookie for ten minutes (its signed issue time is checked when it is read).
 * - `GET /api/withdrawals/form/outcome`: that outcome (WithdrawalFormOutcome: the entries with the
 *   German errors by field, the review, or the receipt), read by the page's server render as the
 *   visitor (the route is `sessionRendered`) and then forgotten.
 */
export const withdrawalFormRoutes: FastifyPluginAsync<{
  withdrawals: Withdrawals;
  limits: WithdrawalLimits;
  seller: () => Promise<SellerDetails | null>;
  secureCookies: boolean;
  /** The service's clock: when an outcome is issued and how old it is when read. */
  now: () => Date;
}> = async (app, { withdrawals, limits, seller, secureCookies, now }) => {
  // Scoped to this plugin: the JSON endpoints keep taking JSON only.
  await app.register(formBody);
  // Past the cookie's size, the items text is not carried back.
  const outcome = new FormOutcome<Carried>({
    cookie: WITHDRAWAL_FORM_COOKIE,
    schema: carriedSchema(),
    secure: secureCookies,
    now,
    shrink: (state) => ({ ...state, values: { ...state.values, items: '' } }),
  });

  app.post(WITHDRAWAL_FORM_ACTIONS.declare, { schema: { hide: true } }, async (request, reply) => {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const values: Values = {
      name: text(fields, 'name'),
      orderNumber: text(fields, 'orderNumber'),
      email: text(fields, 'email'),
      items: text(fields, 'items'),
    };
    const step = fields.schritt;
    const answer = (state: Carried) => {
      outcome.carry(reply, state);
      return reply.header('cache-control', 'no-store').redirect(WITHDRAWAL_PAGE, 303);
    };
    if (step === WITHDRAWAL_FORM_STEPS.edit) return answer({ step: 'form', values, errors: {} });
    const parsed = WithdrawalBody.safeParse(values);
    if (!parsed.success)
      return answer({ step: 'form', values, errors: firstErrorByField<keyof WithdrawalFormState['errors']>(parsed.error.issues) });
    // The entries as the service reads them (order number in capitals, e-mail in lower case).
    const checked: Values = { ...parsed.data, items: parsed.data.items ?? '' };
    if (step !== WITHDRAWAL_FORM_STEPS.confirm) return answer({ step: 'review', values: checked, errors: {} });
    try {
      const { receipt, created } = await declareWithinLimits(
        withdrawals,
        limits,
        request.ip,
        parsed.data,
        refusalWithoutScript(seller, EMAIL_WITHDRAWS),
      );
      return answer({
        step: 'received',
        values: { name: '', orderNumber: '', email: '', items: '' },
        errors: {},
        withdrawalId: receipt.withdrawalId,
        ...(created ? {} : { repeat: true }),
      });
    } catch (error) {
      // An unknown order, the limits: said in German above the review; anything else is ours.
      const reason = formFailureText(error);
      if (reason === null) request.log.error({ err: error }, 'withdrawal form failed');
      return answer({ step: 'review', values: checked, errors: { form: reason ?? UNREACHABLE } });
    }
  });

  app.get(
    WITHDRAWAL_FORM_ACTIONS.outcome,
    { schema: { summary: "The withdrawal form's outcome for this browser (read once by the page's server render)", hide: true } },
    async (request, reply) => {
      const state = outcome.read(request);
      reply.header('cache-control', 'no-store');
      if (!state) return WithdrawalFormOutcome.parse({ state: null });
      outcome.forget(reply);
      const { withdrawalId, repeat, ...rest } = state;
      if (rest.step !== 'received') return WithdrawalFormOutcome.parse({ state: { ...rest, receipt: null } });
      const receipt = withdrawalId ? await withdrawals.receipt(withdrawalId) : null;
      if (!receipt) return WithdrawalFormOutcome.parse({ state: null });
      return WithdrawalFormOutcome.parse({ state: { ...rest, receipt: repeat ? withoutName(receipt) : receipt } });
    },
  );
};
