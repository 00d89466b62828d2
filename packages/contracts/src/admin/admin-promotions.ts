import { z } from 'zod';
import { DecimalAmount } from '../catalog';
import { PromoType } from '../cart';
import { IsoDate } from '../orders';
import { lazySchema } from '../lazy-schema';

/**
 * A promo code as staff enter it: `percent` (1–100) for percentage codes or `amount`
 * (EUR) for fixed ones; validity as German calendar days, both inclusive (null = open); usage
 * limit overall and per customer; minimum order value (EUR). Codes are stored upper case.
 */
export const PromotionFields = lazySchema(() =>
  z
    .object({
      code: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9-]{3,30}$/, 'Der Code besteht aus 3 bis 30 Buchstaben, Ziffern oder Bindestrichen.'),
      type: PromoType,
      percent: z.number().int('Ganze Prozent, z. B. 10.').min(1, 'Mindestens 1 %.').max(100, 'Höchstens 100 %.').nullable(),
      amount: DecimalAmount.nullable(),
      validFrom: IsoDate.nullable(),
      validUntil: IsoDate.nullable(),
      usageLimit: z.number().int().min(1, 'Mindestens 1 Einlösung.').max(1_000_000).nullable(),
      perCustomerLimit: z.number().int().min(1, 'Mindestens 1 Einlösung.').max(1000).nullable(),
      minOrderValue: DecimalAmount.nullable(),
      description: z.string().trim().max(200),
      isActive: z.boolean(),
    })
    .strict(),
);

const consistent = (input: Partial<z.infer<typeof PromotionFields>>, ctx: z.RefinementCtx) => {
  if (input.type === 'percentage' && input.percent == null)
    ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Bitte geben Sie den Rabatt in Prozent an.' });
  if (input.type === 'fixed' && (input.amount == null || Number(input.amount) <= 0))
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Bitte geben Sie den Rabatt in Euro an.' });
  if (input.validFrom && input.validUntil && input.validUntil < input.validFrom)
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Das Ende der Gültigkeit liegt vor ihrem Beginn.' });
};

/** `POST /api/admin/promotions`: a new code (the matching discount field set, the window in order). */
export const PromotionInput = lazySchema(() => PromotionFields.superRefine(consistent));
export type PromotionInput = z.infer<typeof PromotionInput>;

/** `PATCH /api/admin/promotions/{id}`: changed fields on the `version` staff saw (the merged code is checked again). */
export const PromotionChange = lazySchema(() =>
  z.object({ version: z.number().int().min(0), changes: PromotionFields.partial().strict() }).strict(),
);
export type PromotionChange = z.infer<typeof PromotionChange>;

/** What a code is right now: switched off, not yet valid, expired, used up, or redeemable. */
export const PromotionState = lazySchema(() => z.enum(['active', 'inactive', 'scheduled', 'expired', 'used-up']));

/** A promo code as staff see it: the fields plus id, version, how often it was redeemed and its state. */
export const AdminPromotion = lazySchema(() =>
  PromotionFields.extend({
    id: z.string(),
    version: z.number().int(),
    usageCount: z.number().int(),
    state: PromotionState,
  }).strict(),
);
export type AdminPromotion = z.infer<typeof AdminPromotion>;

export const AdminPromotionList = lazySchema(() => z.object({ promotions: z.array(AdminPromotion) }).strict());
