import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import { UserNamesResponse } from '@shop/contracts/admin';
import { InternalClient } from '@shop/service-kit';

/** How long a staff member's name is reused before it is read again (ms). */
const NAME_CACHE_MS = 5 * 60_000;
/** How long the audit log waits for the account service (ms) before it shows entries without names. */
const NAMES_TIMEOUT_MS = 1500;

/**
 * The names of the staff members in audit entries, read from the account service,
 * which owns users (`/internal/users/names`), and kept for NAME_CACHE_MS. When the account
 * service does not answer the log still shows, with the role and id only.
 */
export class ActorNames {
  private readonly cache = new LRUCache<string, string>({ max: 1000, ttl: NAME_CACHE_MS });

  private readonly accountService: InternalClient;

  constructor(private readonly deps: { accountUrl: string; internalSecret: string; log: FastifyBaseLogger }) {
    this.accountService = new InternalClient({
      service: 'account',
      baseUrl: deps.accountUrl,
      secret: deps.internalSecret,
      timeoutMs: NAMES_TIMEOUT_MS,
    });
  }

  /** Names by user id for `ids`; ids without a readable name are missing. */
  async namesOf(ids: string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids)].filter((id) => /^[0-9a-f]{24}$/.test(id));
    const missing = wanted.filter((id) => !this.cache.has(id));
    if (missing.length) {
      try {
        const { names } = await this.accountService.get('/internal/users/names', UserNamesResponse, {
          query: { ids: missing.slice(0, 100).join(',') },
        });
        for (const [id, name] of Object.entries(names)) this.cache.set(id, name);
      } catch (error) {
        this.deps.log.warn({ err: error }, 'staff names unavailable; the audit log shows roles and ids');
      }
    }
    return new Map(wanted.flatMap((id) => (this.cache.has(id) ? [[id, this.cache.get(id)!] as const] : [])));
  }
}
