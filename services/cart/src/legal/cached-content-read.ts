import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { InternalClient } from '@shop/service-kit';

/**
 * How long one answer of the content service is reused (ms). Staff change what these reads give
 * in the back office or by a deployment; 2 s is the bound every cross-instance cache keeps
 * (issue #24): at most one lookup per 2 s per cart instance and read.
 */
export const CONTENT_READ_CACHE_MS = 2_000;

/**
 * One internal read of the content service (`GET /internal/…` with the shared secret), reused
 * for CONTENT_READ_CACHE_MS. When the content service does not answer within `timeoutMs`, the
 * last answer is used, or null when there never was one (logged): callers decide whether that
 * blocks them.
 */
export class CachedContentRead<T> {
  private cached: { value: T; at: number } | null = null;

  private readonly contentService: InternalClient;

  constructor(
    private readonly spec: { path: string; schema: z.ZodType<T>; what: string },
    baseUrl: string,
    internalSecret: string,
    private readonly log: FastifyBaseLogger,
    timeoutMs = 1000,
  ) {
    this.contentService = new InternalClient({ service: 'content', baseUrl, secret: internalSecret, timeoutMs });
  }

  async current(): Promise<T | null> {
    if (this.cached && Date.now() - this.cached.at < CONTENT_READ_CACHE_MS) return this.cached.value;
    try {
      this.cached = { value: await this.contentService.get(this.spec.path, this.spec.schema), at: Date.now() };
      return this.cached.value;
    } catch (error) {
      this.log.warn({ err: error }, `${this.spec.what} not read from the content service: using the last known`);
      return this.cached?.value ?? null;
    }
  }
}
