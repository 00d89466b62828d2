import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { StorefrontSettings } from '@shop/contracts';
import { InternalClient } from './internal-client';

/**
 * How long one answer of another service's internal read is reused (ms). Staff change what these
 * reads give in the back office; 2 s is the bound every cross-instance cache keeps:
 * at most one lookup per 2 s per instance and read.
 */
export const INTERNAL_READ_CACHE_MS = 2_000;

/**
 * One internal read of another service (`GET /internal/…` with the shared secret), reused for
 * INTERNAL_READ_CACHE_MS. When the service does not answer within `timeoutMs`, the last answer
 * is used, or null when there never was one (logged): callers decide what null means for them.
 * A failed read is not tried again for INTERNAL_READ_CACHE_MS either, and calls that arrive
 * while a read is under way share it: a service read on every request (the catalog's reviews
 * switch) neither floods the other service nor waits for it once per request while it is down.
 * Used by the cart (legal text versions, seller details) and the gateway (storefront settings).
 */
export class CachedInternalRead<T> {
  private cached: { value: T; at: number } | null = null;

  private readonly client: InternalClient;

  constructor(
    private readonly spec: {
      /** The called service ('content'). */
      service: string;
      /** Its URL(s), or a function giving one ready instance per call (InternalClient `baseUrl`). */
      baseUrl: string | (() => string);
      path: string;
      schema: z.ZodType<T>;
      /** What is read, for the log ('seller details'). */
      what: string;
      internalSecret: string;
      log: FastifyBaseLogger;
      /** How long one call may take (ms); default 1000. */
      timeoutMs?: number;
    },
  ) {
    this.client = new InternalClient({
      service: spec.service,
      baseUrl: spec.baseUrl,
      secret: spec.internalSecret,
      timeoutMs: spec.timeoutMs ?? 1000,
    });
  }

  /** When the last read failed (ms since epoch), or null. */
  private failedAt: number | null = null;
  /** The read under way, shared by the calls that arrive meanwhile. */
  private reading: Promise<T | null> | null = null;

  /** The value, at most INTERNAL_READ_CACHE_MS old; the last known one or null while the service does not answer. */
  async current(): Promise<T | null> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < INTERNAL_READ_CACHE_MS) return this.cached.value;
    if (this.failedAt !== null && now - this.failedAt < INTERNAL_READ_CACHE_MS) return this.cached?.value ?? null;
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(): Promise<T | null> {
    try {
      this.cached = { value: await this.client.get(this.spec.path, this.spec.schema), at: Date.now() };
      this.failedAt = null;
      return this.cached.value;
    } catch (error) {
      this.failedAt = Date.now();
      this.spec.log.warn({ err: error }, `${this.spec.what} not read from the ${this.spec.service} service: using the last known`);
      return this.cached?.value ?? null;
    }
  }
}

/**
 * The storefront settings staff keep in the back office (presentation mode, reviews
 * switch), read from the content service's `GET /internal/storefront-settings` and reused for at
 * most INTERNAL_READ_CACHE_MS. Every reader treats null (never read) as the cautious choice:
 * factual presentation, no reviews. Used by the gateway (every page), the catalog (ratings,
 * JSON-LD, review form) and the cart (review invitations).
 */
export function storefrontSettingsRead(options: {
  contentServiceUrl: string | (() => string);
  internalSecret: string;
  log: FastifyBaseLogger;
}): CachedInternalRead<StorefrontSettings> {
  return new CachedInternalRead({
    service: 'content',
    baseUrl: options.contentServiceUrl,
    path: '/internal/storefront-settings',
    schema: StorefrontSettings,
    what: 'storefront settings',
    internalSecret: options.internalSecret,
    log: options.log,
    timeoutMs: 1000,
  });
}
