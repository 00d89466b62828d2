import { hkdfSync } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CHALLENGE_SOLUTION_HEADER, ProofOfWorkChallenge } from '@shop/contracts';
import { defineModel, indexesOnce, isDuplicateKeyError } from '../model';
import { isFerretDb } from '../database';
import { defineApiError } from '../errors';
import { RateWindowError } from './attempt-limiter';

/**
 * The proof-of-work: PBKDF2/SHA-256 with 1,000 iterations per try, and a counter the service
 * picks between 400 and 800 (deterministic mode: the solver must try every counter up to it).
 * Measured on a server core (AMD EPYC, Node 20): one try 0.39 ms with node:crypto, 0.41 ms with
 * WebCrypto, so 600 tries on average take 0.25 s; a mid-range phone's WebCrypto is taken as 3–4
 * times slower, about 1 s, nothing for a shopper. A guesser pays 0.23 core-seconds per request
 * past the backstop, 65 core-hours per million. PBKDF2 because every browser has it natively
 * (SubtleCrypto); the service verifies with one HMAC (the key signature), not a derivation.
 */
export const PROOF_OF_WORK = { algorithm: 'PBKDF2/SHA-256', cost: 1000, minCounter: 400, maxCounter: 800 } as const;

/** How long a challenge can be solved and used: a phone's second, with room for a slow network. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** The 429 of a per-IP backstop that a solved challenge would pass; `challenge` goes out in the body. */
const ChallengeRequiredBase = defineApiError('CHALLENGE_REQUIRED', 429);
export class ChallengeRequiredError extends ChallengeRequiredBase {
  constructor(
    message: string,
    /** The challenge to solve (ErrorResponse `challenge`). */
    readonly challenge: ProofOfWorkChallenge,
  ) {
    super(message);
  }
}

/**
 * The refusal of a used-up per-IP backstop answered to an HTML form, where no proof-of-work can
 * be solved (no JavaScript): 429 CHALLENGE_REQUIRED without a challenge, whose German message
 * says why, that the browser passes the check with JavaScript on, and `alternative`, the other
 * way for the shopper ('schreiben Sie uns an …'), then `addendum` as a sentence of its own.
 * Thrown from AttemptLimiter.guard's `beyondLimit`; the form shows it as its error.
 */
export function scriptlessChallengeRefusal(alternative: string, addendum = ''): Error {
  return Object.assign(
    new RateWindowError(
      `Aus Sicherheitsgründen ist das gerade nicht möglich: Von Ihrer Internetverbindung kamen viele ungültige Versuche. Mit eingeschaltetem JavaScript prüft Ihr Browser die Anfrage in etwa einer Sekunde, oder ${alternative}.${addendum ? ` ${addendum}` : ''}`,
    ),
    { code: 'CHALLENGE_REQUIRED' as const },
  );
}

/**
 * A used solution, kept until its challenge expires so that no instance accepts it again: `_id`
 * is the challenge's nonce (random, signed), so the primary key makes a second use a duplicate
 * insert on every instance at once. On MongoDB a TTL index on `expiresAt` deletes them
 * (ChallengeGate creates it: FerretDB v1 refuses TTL indexes, 'not implemented yet'), and
 * `ChallengeGate.prune` (the services' periodic sweep) does so on either engine.
 */
const challengeUseSchema = new Schema(
  {
    _id: { type: String, required: true },
    scope: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
export const challengeUseModel = defineModel('ChallengeUse', challengeUseSchema);

export interface ChallengeGateOptions {
  /** HMAC key the challenges are signed with (at least 32 characters). */
  secret: string;
  /** Names what the solution is for ('promo', 'withdrawal'): a solution passes only its own scope. */
  scope: string;
  now: () => Date;
}

/**
 * ALTCHA proof-of-work challenges in front of a per-IP backstop (AttemptLimiter): when a client's
 * address has used up the backstop, `refuseOrPass` answers CHALLENGE_REQUIRED with a challenge
 * instead of a flat 429, and a request carrying a valid, unused solution goes on. Each solution
 * passes one request, once, across every instance (stored before the request runs); the limits
 * keyed on what is attacked (per cart, per address and client) still apply behind it, so a
 * solution neither reveals whether a code is valid nor passes those.
 * docs/decisions/limits-keyed-by-what-is-attacked.md.
 */
export class ChallengeGate {
  private readonly signatureSecret: string;
  private readonly keySecret: string;
  /** The TTL index of used solutions, where the engine has TTL indexes (MongoDB). */
  private readonly expiryIndex = indexesOnce(async () => {
    if (!(await isFerretDb(this.db))) await challengeUseModel(this.db).collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
  });

  constructor(
    private readonly db: Connection,
    private readonly options: ChallengeGateOptions,
  ) {
    ({ signatureSecret: this.signatureSecret, keySecret: this.keySecret } = challengeKeys(options.secret, options.scope));
  }

  /** A new signed challenge of this gate's scope, valid for CHALLENGE_TTL_MS from now. */
  async challenge(): Promise<ProofOfWorkChallenge> {
    const created = await createChallenge({
      algorithm: PROOF_OF_WORK.algorithm,
      cost: PROOF_OF_WORK.cost,
      counter: randomInt(PROOF_OF_WORK.maxCounter, PROOF_OF_WORK.minCounter),
      deriveKey,
      // The expiry is checked against the service's clock (`now`), so it is signed data here.
      data: { scope: this.options.scope, expires: this.options.now().getTime() + CHALLENGE_TTL_MS },
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
    return ProofOfWorkChallenge.parse(created);
  }

  /**
   * Whether `header` (the CHALLENGE_SOLUTION_HEADER value: base64 JSON `{ challenge, solution }`)
   * solves a challenge of this gate that has not expired and was not used before; a solution
   * that passes is recorded as used first, so of parallel requests with it exactly one passes.
   */
  async redeem(header: string | undefined): Promise<boolean> {
    const payload = parsePayload(header);
    if (!payload) return false;
    const { challenge, solution } = payload;
    const data = challenge.parameters.data ?? {};
    const expires = typeof data.expires === 'number' ? data.expires : 0;
    if (data.scope !== this.options.scope || expires <= this.options.now().getTime()) return false;
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
    if (!result.verified) return false;
    await this.expiryIndex();
    try {
      await challengeUseModel(this.db).create({ _id: challenge.parameters.nonce, scope: this.options.scope, expiresAt: new Date(expires) });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /**
   * For AttemptLimiter.guard's `beyondLimit`: passes when the request carries a valid, unused
   * solution, else throws ChallengeRequiredError (`message`, a new challenge).
   */
  refuseOrPass(header: string | undefined, message: string): () => Promise<void> {
    return async () => {
      if (await this.redeem(header)) return;
      throw new ChallengeRequiredError(message, await this.challenge());
    };
  }

  /** Deletes used solutions whose challenges have expired (the periodic sweep; MongoDB's TTL index does it too). */
  async prune(): Promise<void> {
    await challengeUseModel(this.db).deleteMany({ scope: this.options.scope, expiresAt: { $lte: this.options.now() } });
  }
}

/** Salt of the challenge keys' HKDF: names what they are for, apart from any other use of the secret. */
const CHALLENGE_KEY_SALT = 'shop proof-of-work challenge keys';

/**
 * The two keys of a gate, derived from `secret` with HKDF-SHA256 (RFC 5869; salt naming the
 * purpose, info naming the key and the backstop's `scope`), 32 bytes each, base64url: one signs
 * the challenge, one the expected derived key. Not HMAC(secret, label): that is exactly
 * @fastify/cookie's signature of a cookie whose value is the label, and the cart's
 * CHALLENGE_SECRET may be its COOKIE_SECRET, so anyone could have read a key off a signed cookie.
 * Keys of one scope verify nothing of another.
 */
export function challengeKeys(secret: string, scope: string): { signatureSecret: string; keySecret: string } {
  const derive = (key: string) =>
    Buffer.from(hkdfSync('sha256', secret, CHALLENGE_KEY_SALT, `altcha ${key} key, backstop ${scope}`, 32)).toString('base64url');
  return { signatureSecret: derive('challenge-signature'), keySecret: derive('derived-key-signature') };
}

/** The solution header of a request (first value), as `refuseOrPass` takes it. */
export function challengeSolutionOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[CHALLENGE_SOLUTION_HEADER];
  return Array.isArray(value) ? value[0] : value;
}

/** The decoded payload, or null for anything that is not a well-formed one (at most 4 KiB). */
function parsePayload(header: string | undefined) {
  if (!header || header.length > 4096) return null;
  try {
    const decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { challenge?: unknown; solution?: unknown };
    const challenge = ProofOfWorkChallenge.safeParse(decoded.challenge);
    const solution = decoded.solution as { counter?: unknown; derivedKey?: unknown } | undefined;
    if (!challenge.success || typeof solution?.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
    return { challenge: challenge.data, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  } catch {
    return null;
  }
}
