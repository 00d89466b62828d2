import { CHALLENGE_SOLUTION_HEADER, type ProofOfWorkChallenge } from '@shop/contracts';

/**
 * The body of the 429 CHALLENGE_REQUIRED answer of a used-up per-IP backstop (promo codes,
 * withdrawals, logins), with a challenge as the services make it (service-kit ChallengeGate), at a
 * low cost so a test solves it at once (20 tries of 10 PBKDF2 iterations). Solving needs WebCrypto
 * (`crypto.subtle`), which jsdom lacks: a test installs Node's.
 */
export const challengeRequiredBody = async (scope = 'promo') => {
  const [{ createChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  return {
    code: 'CHALLENGE_REQUIRED',
    message: 'Kurze Prüfung nötig.',
    challenge: (await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 20,
      deriveKey,
      data: { scope, expires: Date.now() + 300_000 },
      hmacSignatureSecret: 'test-challenge-secret-0123456789-abcdef',
      hmacKeySignatureSecret: 'test-challenge-key-secret-0123456789-ab',
    })) as ProofOfWorkChallenge,
  };
};

/** The counter a request's solution header carries (20 for challengeRequiredBody), or undefined when it carried none. */
export const solvedCounter = (headers: Record<string, string>): number | undefined => {
  const header = headers[CHALLENGE_SOLUTION_HEADER];
  return header ? (JSON.parse(atob(header)) as { solution: { counter: number } }).solution.counter : undefined;
};
