import { z } from 'zod';
import { UserRole } from './account';
import { lazySchema } from './lazy-schema';

/**
 * Staff permissions (spec §6 roles). Every admin endpoint checks exactly one of them
 * from the gateway's signed identity; the gateway refuses non-staff for all of /api/admin first.
 * The table is in services/admin/README.md.
 */
export const STAFF_PERMISSIONS = [
  'dashboard:read',
  'catalog:write',
  'compliance:override',
  'orders:write',
  'customers:read',
  'customers:write',
  'roles:change',
  'content:write',
  'promotions:write',
  'analytics:read',
  'media:write',
  'audit:read',
  'releases:read',
  'releases:write',
  'settings:write',
] as const;
export const StaffPermission = lazySchema(() => z.enum(STAFF_PERMISSIONS));
export type StaffPermission = z.infer<typeof StaffPermission>;

/**
 * What each role may do. `manager`: catalogue, orders, customers read, content, promotions,
 * analytics, media, the audit log and the releases (read only); no role changes, no customer blocking or deletion, no
 * product-law overrides, no settings, no change of what is live. `admin`: everything. Customers: nothing.
 */
export const ROLE_PERMISSIONS: Readonly<Record<UserRole, readonly StaffPermission[]>> = {
  customer: [],
  manager: [
    'dashboard:read',
    'catalog:write',
    'orders:write',
    'customers:read',
    'content:write',
    'promotions:write',
    'analytics:read',
    'media:write',
    'audit:read',
    'releases:read',
  ],
  admin: STAFF_PERMISSIONS,
};

/** The permissions of a role; none for unknown roles. */
export function permissionsOf(role: string): readonly StaffPermission[] {
  return (ROLE_PERMISSIONS as Record<string, readonly StaffPermission[]>)[role] ?? [];
}

/** `GET /api/admin/auth-status`: who is logged in and what they may do (spec §2 /admin/auth-status). */
export const AuthStatus = lazySchema(() =>
  z.object({ userId: z.string(), role: UserRole, permissions: z.array(StaffPermission) }).strict(),
);
export type AuthStatus = z.infer<typeof AuthStatus>;
