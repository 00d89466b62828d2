import { CHALLENGE_SOLUTION_HEADER, type ProofOfWorkChallenge } from '@shop/contracts';

/**
 * `@shop/api-client/proof-of-work`: a separate entry, bundled into each remote that uses it
 * (promo codes, withdrawals, logins) rather than shared with the shell, so a remote released on
 * its own never meets a shell whose shared client lacks it. It therefore recognises the
 * client's ApiError by its shape (`code`, `body`), not by its class.
 */

/**
 * Sends a request that a per-IP backstop may answer with CHALLENGE_REQUIRED
 * (docs/decisions/limits-keyed-by-what-is-attacked.md): solves the answer's proof-of-work in the
 * browser (altcha-lib, WebCrypto PBKDF2, about a second on a phone; loaded only then) and sends
 * the request once more with the solution in `x-challenge-solution`. `send` gets the headers to
 * add. `onSolving` is told while the browser works, for the SOLVING_MESSAGE state. Any other
 * answer, and a challenge that cannot be solved (no WebCrypto, 30 s timeout), is thrown as it came.
 */
export async function withChallenge<T>(
  send: (headers: Record<string, string>) => Promise<T>,
  onSolving: (solving: boolean) => void = () => undefined,
): Promise<T> {
  try {
    return await send({});
  } catch (error) {
    const challenge = await challengeOf(error);
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

/** What the shopper sees while the browser solves a challenge (withChallenge's `onSolving`). */
export const SOLVING_MESSAGE = 'Einen Moment, wir prüfen Ihre Anfrage …';

/**
 * The challenge of an ApiError with the code CHALLENGE_REQUIRED, else null. Its schema (with zod)
 * is imported only then: the forms that may meet a challenge load none with the page.
 */
async function challengeOf(error: unknown): Promise<ProofOfWorkChallenge | null> {
  const { code, body } = (error ?? {}) as { code?: unknown; body?: unknown };
  if (!(error instanceof Error) || code !== 'CHALLENGE_REQUIRED') return null;
  const { ProofOfWorkChallenge } = await import('@shop/contracts');
  const parsed = ProofOfWorkChallenge.safeParse((body as { challenge?: unknown } | null)?.challenge);
  return parsed.success ? parsed.data : null;
}

/** The solution header's value (base64 JSON `{ challenge, solution }`), or null when it could not be found in 30 s. */
async function solve(challenge: ProofOfWorkChallenge): Promise<string | null> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 }).catch(() => null);
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }));
}
