import { createHash } from 'node:crypto';
import { cacheTag, type RemotesManifest, type RemoteName } from '@shop/contracts';

/** How long the shared cache keeps a page, in seconds (docs/decisions/shared-cache.md). */
export interface SharedCacheTimes {
  /** `s-maxage`: fresh for this long; purges drop it sooner, and this bounds what a lost purge costs. */
  maxAgeS: number;
  /** `stale-while-revalidate`: after that, served stale for this long while it is rendered again. */
  staleWhileRevalidateS: number;
  /** `stale-if-error`: served stale for this long while the gateway cannot answer. */
  staleIfErrorS: number;
}

/**
 * How long past `s-maxage` the shared cache may hand out a page (s): while it renders it again
 * (deploy/varnish/shop.vcl gives a healthy gateway the same grace), and while the gateway cannot
 * answer at all (a day: the shop stays browsable through an outage; nothing can be ordered then).
 */
export const SHARED_CACHE_STALE = { staleWhileRevalidateS: 30, staleIfErrorS: 86_400 } as const;

/**
 * The Cache-Control of a page the shared cache may keep. Only sent to the edge (a request with
 * its context header): the edge hands the page to browsers with `no-cache` (deploy/varnish/shop.vcl).
 */
export const sharedCacheControl = ({ maxAgeS, staleWhileRevalidateS, staleIfErrorS }: SharedCacheTimes) =>
  `public, max-age=0, s-maxage=${maxAgeS}, stale-while-revalidate=${staleWhileRevalidateS}, stale-if-error=${staleIfErrorS}`;

/**
 * The page's tags for the shared cache (`xkey`): what its service reads named, the storefront
 * settings every page is rendered with, the shell's build, and each remote's live release its
 * boot data names.
 */
export function pageTags(read: Iterable<string>, remotes: RemotesManifest): string {
  const tags = new Set(read);
  tags.add(cacheTag.settings);
  tags.add(cacheTag.shell);
  for (const { name } of remotes.remotes) tags.add(cacheTag.release(name as RemoteName));
  return [...tags].join(' ');
}

/** Inline scripts (no `src`, not a data block): what a CSP's script-src must allow. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /(?:^|\s)type\s*=\s*["']?application\/(?:ld\+)?json/i;
const EXTERNAL = /(?:^|\s)src\s*=/i;

/** The CSP hash sources ('sha256-…') of every inline script of `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (EXTERNAL.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * `policy` (the response's Content-Security-Policy) with its script-src nonce replaced by the
 * hashes of the page's inline scripts. A nonce must be new for every response, so HTML that a
 * shared cache hands to many visitors cannot carry one; the hashes stay valid for the same HTML,
 * and still allow only those scripts (CSP Level 3 'hash-source').
 * @throws Error when the policy has no script-src nonce to replace (the security plugin changed).
 */
export function policyWithScriptHashes(policy: string, hashes: readonly string[]): string {
  const replaced = policy.replace(/ ?'nonce-[^']*'/, hashes.length ? ` ${hashes.join(' ')}` : '');
  if (replaced === policy) throw new Error('content security policy has no script-src nonce to replace');
  return replaced;
}
