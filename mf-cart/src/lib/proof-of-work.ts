import { ApiError } from '@shop/api-client';
import { CHALLENGE_SOLUTION_HEADER, ProofOfWorkChallenge } from '@shop/contracts';

/**
 * Sends a request that a per-IP backstop may answer with CHALLENGE_REQUIRED (promo codes,
 * withdrawals; docs/decisions/limits-keyed-by-what-is-attacked.md): solves the answer's
 * proof-of-work in the browser (altcha-lib, WebCrypto PBKDF2, about a second on a phone; loaded
 * only then) and sends the request once more with the solution. `onSolving` is told while the
 * browser works, for the 'Einen Moment …' state. Any other answer, and a challenge that cannot be
 * solved (no WebCrypto, timeout), is thrown as it came.
 */
export async function withChallenge<T>(
  send: (headers: Record<string, string>) => Promise<T>,
  onSolving: (solving: boolean) => void = () => undefined,
): Promise<T> {
  try {
    return await send({});
  } catch (error) {
    const challenge = challengeOf(error);
    if (!challenge) throw error;
    onSolving(true);
    let solution: string | null;
    try {
      solution = await solve(challenge);
    } finally {
      onSolving(false);
    }
    if (!solution) throw error;
    return send({ [CHALLENGE_SOLUTION_HEADER]: solution });
  }
}

/** What the shopper sees while the browser solves the challenge. */
export const SOLVING_MESSAGE = 'Einen Moment, wir prüfen Ihre Anfrage …';

function challengeOf(error: unknown): ProofOfWorkChallenge | null {
  if (!(error instanceof ApiError) || error.code !== 'CHALLENGE_REQUIRED') return null;
  const parsed = ProofOfWorkChallenge.safeParse((error.body as { challenge?: unknown } | null)?.challenge);
  return parsed.success ? parsed.data : null;
}

/** The solution header's value (base64 JSON `{ challenge, solution }`), or null when it could not be found in 30 s. */
async function solve(challenge: ProofOfWorkChallenge): Promise<string | null> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 }).catch(() => null);
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }));
}
