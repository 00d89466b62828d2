import { AsyncLocalStorage } from 'node:async_hooks';
import { CACHE_TAG_PATTERN, CACHE_TAGS_HEADER } from '@shop/contracts';

/** The tags one page render has gathered so far. */
const gathering = new AsyncLocalStorage<Set<string>>();

/**
 * Runs `render` gathering the cache tags (`shop-cache-tags`, @shop/contracts) of every service
 * read made meanwhile in its async context (the server render's prefetch and reads while it
 * renders, serviceFetch), and returns them beside its result: what the page shows, named for the
 * shared cache's purges (docs/decisions/shared-cache.md).
 */
export async function withPageTags<T>(render: () => Promise<T>): Promise<{ result: T; tags: Set<string> }> {
  const tags = new Set<string>();
  const result = await gathering.run(tags, render);
  return { result, tags };
}

/** Notes the tags a service's answer names for the render running now (none running: nothing). */
export function notePageTags(answer: Response): void {
  const tags = gathering.getStore();
  const named = answer.headers.get(CACHE_TAGS_HEADER);
  if (!tags || !named) return;
  for (const tag of named.split(' ')) if (CACHE_TAG_PATTERN.test(tag)) tags.add(tag);
}
