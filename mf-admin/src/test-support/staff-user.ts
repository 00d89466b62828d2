import type { User } from '@shop/contracts';

/** A logged-in staff member as the back office's component tests sign in (role 'manager' or 'admin'). */
export function staffUser(role: 'manager' | 'admin', overrides: Partial<User> = {}): User {
  return {
    id: (role === 'admin' ? 'a' : 'b').repeat(24),
    email: `${role}@example.de`,
    firstName: role === 'admin' ? 'Anna' : 'Frieda',
    lastName: role === 'admin' ? 'Admin' : 'Leitung',
    role,
    emailVerified: true,
    address: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
