import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { InternalClient } from './internal-client';

/**
 * How long one answer of another service's internal read is reused (ms). Staff change what these
 * reads give in the back office; 2 s is the bound every cross-instance cache keeps (issue #24):
 * at most one lookup per 2 s per instance and read.
 */
export const INTERNAL_READ_CACHE_MS = 2_000;

/**
 * One internal read of another service (`GET /internal/…` with the shared secret), reused for
 * INTERNAL_READ_CACHE_MS. When the service does not answer within `timeoutMs`, the last answer
 * is used, or null when there never was one (logged): callers decide what null means for them.
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

  /** The value, at most INTERNAL_READ_CACHE_MS old; the last known one or null while the service does not answer. */
  async current(): Promise<T | null> {
    if (this.cached && Date.now() - this.cached.at < INTERNAL_READ_CACHE_MS) return this.cached.value;
    try {
      this.cached = { value: await this.client.get(this.spec.path, this.spec.schema), at: Date.now() };
      return this.cached.value;
    } catch (error) {
      this.spec.log.warn({ err: error }, `${this.spec.what} not read from the ${this.spec.service} service: using the last known`);
      return this.cached?.value ?? null;
    }
  }
}
