import type { FastifyReply } from 'fastify';
import { CACHE_TAG_PATTERN, CACHE_TAGS_HEADER } from '@shop/contracts';

/**
 * Names what a public read's answer shows (tags of @shop/contracts `cacheTag`), so a page the
 * gateway renders from it is purged from the shared cache when one of them changes
 * (docs/decisions/shared-cache.md). Adds to tags named before on the same reply.
 * @throws Error for a tag the edge cannot take (a programming error, never a shopper's input).
 */
export function tagAnswer(reply: FastifyReply, tags: Iterable<string>): FastifyReply {
  const named = new Set(
    String(reply.getHeader(CACHE_TAGS_HEADER) ?? '')
      .split(' ')
      .filter(Boolean),
  );
  for (const tag of tags) {
    if (!CACHE_TAG_PATTERN.test(tag)) throw new Error(`not a cache tag: '${tag}'`);
    named.add(tag);
  }
  return reply.header(CACHE_TAGS_HEADER, [...named].join(' '));
}
