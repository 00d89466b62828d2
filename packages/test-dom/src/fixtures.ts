import type { User } from '@shop/contracts';

/** A logged-in customer as GET /api/auth/me answers (the User contract). */
export const customer: User = {
  id: '665f1c2b9a1e4b0012345678',
  email: 'erika@example.de',
  firstName: 'Erika',
  lastName: 'Mustermann',
  role: 'customer',
  emailVerified: true,
  address: null,
  createdAt: '2026-11-23T10:00:00.000Z',
};
