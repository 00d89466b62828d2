import { z } from 'zod';
import { Order, WithdrawalReceipt } from './orders';
import { SavedAddress, UserRole } from './account';
import { lazySchema } from './lazy-schema';

/**
 * A customer's data across slices for DSGVO Art. 15/20: the account service asks the
 * cart service's internal API for the commerce part and adds its own.
 */

/** `GET /internal/customers/{userId}/data?email=` of the cart service: orders (guest orders with the confirmed address included), the cart, declared withdrawals. */
export const CustomerCommerceData = lazySchema(() =>
  z
    .object({
      orders: z.array(Order),
      cart: z
        .object({
          items: z.array(z.object({ productId: z.string(), quantity: z.number().int() }).strict()),
          promoCode: z.string().nullable(),
        })
        .strict()
        .nullable(),
      withdrawals: z.array(WithdrawalReceipt),
    })
    .strict(),
);
export type CustomerCommerceData = z.infer<typeof CustomerCommerceData>;

/** `GET /api/auth/data-export`: everything the shop stores about the logged-in customer, as a JSON download. Times are ISO 8601. */
export const AccountDataExport = lazySchema(() =>
  z
    .object({
      exportedAt: z.string(),
      /** What the file is and where the rest is kept, in German. */
      notice: z.string(),
      account: z
        .object({
          email: z.string(),
          firstName: z.string(),
          lastName: z.string(),
          role: UserRole,
          emailVerifiedAt: z.string().nullable(),
          createdAt: z.string(),
          lastLoginAt: z.string().nullable(),
          savedAddress: SavedAddress.nullable(),
        })
        .strict(),
      sessions: z.array(z.object({ createdAt: z.string(), lastUsedAt: z.string(), expiresAt: z.string() }).strict()),
      wishlist: z.array(z.object({ productId: z.string(), addedAt: z.string() }).strict()),
      ...CustomerCommerceData.shape,
    })
    .strict(),
);
export type AccountDataExport = z.infer<typeof AccountDataExport>;

/** `POST /api/auth/delete-account`: the current password confirms the deletion (a taken-over session alone cannot delete). */
export const DeleteAccountBody = lazySchema(() =>
  z
    .object({ password: z.string({ error: 'Bitte geben Sie Ihr Passwort ein.' }).min(1, 'Bitte geben Sie Ihr Passwort ein.').max(200) })
    .strict(),
);
export type DeleteAccountBody = z.input<typeof DeleteAccountBody>;
