import { z } from 'zod';
import { User } from '../account';
import { Address } from '../orders';
import { lazySchema } from '../lazy-schema';

/** `GET /api/admin/customers`: search (e-mail, name), kind of account, state, paging. */
export const AdminCustomerListQuery = lazySchema(() =>
  z
    .object({
      search: z.string().trim().max(100).optional(),
      kind: z.enum(['all', 'customers', 'staff']).default('all'),
      state: z.enum(['all', 'blocked', 'unverified']).default('all'),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
    })
    .strict(),
);
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuery>;

/** One account in the staff customer list: the shop's User without the address, plus block state and last login (ISO). */
export const AdminCustomerSummary = lazySchema(() =>
  User.omit({ address: true }).extend({ blocked: z.boolean(), lastLoginAt: z.string().nullable() }).strict(),
);
export type AdminCustomerSummary = z.infer<typeof AdminCustomerSummary>;

export const AdminCustomerList = lazySchema(() =>
  z
    .object({ customers: z.array(AdminCustomerSummary), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
    .strict(),
);
export type AdminCustomerList = z.infer<typeof AdminCustomerList>;

/** One account for staff: the summary plus version, saved address, block and what else is stored. */
export const AdminCustomerDetail = lazySchema(() =>
  AdminCustomerSummary.extend({
    version: z.number().int(),
    address: Address.nullable(),
    blockedAt: z.string().nullable(),
    blockedReason: z.string().nullable(),
    activeSessions: z.number().int(),
    wishlistItems: z.number().int(),
  }).strict(),
);
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetail>;

const reason = lazySchema(() => z.string().trim().min(5, 'Bitte geben Sie einen Grund an (mindestens 5 Zeichen).').max(300));

/**
 * `POST /api/admin/customers/{id}/actions` (customers:write): block (logs the account out
 * everywhere and refuses logins), unblock, or erase on the customer's request (DSGVO Art. 17;
 * orders stay for tax law). Each on the `version` staff saw; nobody blocks or erases themselves
 * or an admin.
 */
export const CustomerAction = lazySchema(() =>
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('block'), version: z.number().int().min(0), reason }).strict(),
    z.object({ action: z.literal('unblock'), version: z.number().int().min(0) }).strict(),
    z.object({ action: z.literal('erase'), version: z.number().int().min(0), reason }).strict(),
  ]),
);
export type CustomerAction = z.infer<typeof CustomerAction>;

/** The answer of a customer action: the account afterwards, or null once erased. */
export const CustomerActionResult = lazySchema(() => z.object({ customer: AdminCustomerDetail.nullable() }).strict());
