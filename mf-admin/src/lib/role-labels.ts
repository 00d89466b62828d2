import type { UserRole } from '@shop/contracts';

/** German names of the roles (spec §6), as staff read them everywhere in the back office. */
export const ROLE_LABELS: Record<UserRole, string> = { admin: 'Administrator', manager: 'Manager', customer: 'Kunde' };

/** The German name of a role string from a record (an unknown role shows as it is). */
export const roleLabel = (role: string) => (ROLE_LABELS as Record<string, string>)[role] ?? role;
