import { z } from 'zod';
import { DhlAuthError, DhlUnavailableError } from './dhl-errors';
import { jsonOf, rateLimited, sendToDhl, type FetchLike } from './dhl-http';

/** Path of DHL's token endpoint on the API host (`components.securitySchemes.OAuth2.flows.password.tokenUrl`). */
export const DHL_TOKEN_PATH = '/parcel/de/account/auth/ropc/v1/token';

/** The most a token is renewed before it expires (DHL's tokens live 1799 s; renewed at about 1499 s). */
const MAX_RENEWAL_MARGIN_MS = 5 * 60_000;

/** DHL's token answer (OAuth2 token response, RFC 6749 §5.1): the bearer token and its lifetime in seconds. */
const TokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer', 'token_type must be Bearer'),
  expires_in: z.number().positive(),
});

/** What the token source needs: DHL's API host, the app's key and secret, the business portal user. */
export interface DhlTokenSettings {
  /** The API host without path, e.g. 'https://api-sandbox.dhl.com'. */
  baseUrl: string;
  /** The app's API key from developer.dhl.com (sent as `client_id`). */
  apiKey: string;
  /** The app's API secret (sent as `client_secret`). */
  apiSecret: string;
  /** The business customer portal (GKP) user and password. */
  username: string;
  password: string;
  /** Time limit of the token request in ms. */
  timeoutMs: number;
  fetch?: FetchLike;
  /** The clock in ms since the epoch (tests move it). */
  now?: () => number;
}

/**
 * DHL's OAuth2 token by the resource-owner password flow (ROPC; parcel-de-shipping-v2.yaml
 * `components.securitySchemes.OAuth2`, DHL's page "Authentication API (Post & Parcel Germany)"):
 * `POST {baseUrl}/parcel/de/account/auth/ropc/v1/token` with the form body grant_type=password,
 * username, password, client_id (API key), client_secret (API secret); the answer
 * `{ access_token, token_type: 'Bearer', expires_in }` (seconds) is used as
 * `Authorization: Bearer …` on the shipping API.
 *
 * One token per process, kept in memory and renewed before it expires: at `expires_in` minus
 * a safety margin of 5 minutes, or half the lifetime for short-lived tokens. Callers asking
 * while a renewal is under way share that one request (never two token requests at once).
 *
 * @throws DhlAuthError when DHL refuses the credentials (400, 401, 403); DhlRateLimitedError on 429;
 *   DhlUnavailableError on a timeout, network error, 5xx or an unreadable answer.
 */
export class DhlTokenSource {
  private cached: { token: string; renewAtMs: number } | null = null;
  private renewal: Promise<string> | null = null;
  private readonly fetchImpl: FetchLike;
  private readonly now: () => number;

  constructor(private readonly settings: DhlTokenSettings) {
    this.fetchImpl = settings.fetch ?? ((input, init) => fetch(input, init));
    this.now = settings.now ?? Date.now;
  }

  /** A valid bearer token: the cached one, or a new one (one renewal at a time). */
  async token(): Promise<string> {
    if (this.cached && this.now() < this.cached.renewAtMs) return this.cached.token;
    this.renewal ??= this.requestToken().finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  /**
   * Forgets `token` after DHL refused it (401), so the next `token()` asks for a new one. A token
   * that was already replaced (another call saw the 401 first) is left alone: parallel calls
   * that all failed with the old token share one renewal.
   */
  discard(token: string): void {
    if (this.cached?.token === token) this.cached = null;
  }

  private async requestToken(): Promise<string> {
    const { baseUrl, apiKey, apiSecret, username, password, timeoutMs } = this.settings;
    const answer = await sendToDhl(
      this.fetchImpl,
      new URL(DHL_TOKEN_PATH, baseUrl).toString(),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'password', username, password, client_id: apiKey, client_secret: apiSecret }).toString(),
      },
      { timeoutMs, outcomeUnknown: false },
    );
    if (answer.status === 429) throw rateLimited(answer, this.now(), 'the token request');
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      throw new DhlAuthError(`DHL refused the credentials (HTTP ${answer.status} from the token endpoint)`, answer.status);
    }
    const parsed = answer.status === 200 ? TokenAnswer.safeParse(jsonOf(answer.body)) : null;
    if (!parsed?.success) {
      throw new DhlUnavailableError(`DHL's token endpoint gave no usable answer (HTTP ${answer.status})`, answer.status, false);
    }
    const lifetimeMs = parsed.data.expires_in * 1000;
    const margin = Math.min(MAX_RENEWAL_MARGIN_MS, lifetimeMs / 2);
    this.cached = { token: parsed.data.access_token, renewAtMs: this.now() + lifetimeMs - margin };
    return parsed.data.access_token;
  }
}
