import { ProofOfWorkChallenge } from '@shop/contracts';

/**
 * Solves a per-IP backstop's proof-of-work challenge (the `challenge` of a 429 CHALLENGE_REQUIRED,
 * service-kit ChallengeGate) as the storefront does, for service tests: the value of the
 * `x-challenge-solution` header (base64 JSON `{ challenge, solution }`).
 * @throws Error when the body's challenge does not parse or has no solution.
 */
export async function solvedChallenge(challenge: unknown): Promise<string> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/pbkdf2')]);
  const parsed = ProofOfWorkChallenge.parse(challenge);
  const solution = await solveChallenge({ challenge: parsed, deriveKey });
  if (!solution) throw new Error('the challenge has no solution');
  return Buffer.from(JSON.stringify({ challenge: parsed, solution })).toString('base64');
}
