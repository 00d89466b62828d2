import argon2 from 'argon2';

/**
 * Password hashing with argon2id at OWASP's parameters (Password Storage Cheat Sheet: at least
 * 19 MiB memory, 2 iterations, parallelism 1). `needsRehash` tells when a stored hash was made
 * with other parameters, so a login can upgrade it.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const passwordHasher = {
  hash: (password: string) => argon2.hash(password, ARGON2_OPTIONS),
  verify: async (hash: string, password: string) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false; // a malformed stored hash never logs anyone in
    }
  },
  needsRehash: (hash: string) => argon2.needsRehash(hash, ARGON2_OPTIONS),
};

/**
 * A hash of a random password, verified against when the e-mail address has no account, so a
 * failed login takes as long whether or not the address is registered (no account enumeration
 * by timing).
 */
export const DUMMY_HASH_PROMISE = passwordHasher.hash(`no-account-${Math.random()}-${Date.now()}`);
