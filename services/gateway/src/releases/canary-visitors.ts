import { randomInt } from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { RemoteName } from '@shop/contracts';

/**
 * The cookie that keeps a visitor in one canary bucket (docs/releases.md 'Canary'): a number
 * 0–99 drawn at random, the same for every slice, page and gateway instance. It identifies no
 * one (a hundred values) and is set only while a canary runs: a technically necessary cookie
 * (§ 25 Abs. 2 Nr. 2 TDDDG) that keeps the shop's screens of one version for the visitor's visit.
 */
export const CANARY_COOKIE = 'shop_canary';

/** How long a visitor keeps their bucket (s): a month, longer than any canary runs. */
const CANARY_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

const BUCKETS = 100;

/**
 * Where each slice's canary share starts among the buckets: a fixed offset per slice (FNV-1a of
 * its name), so the same tenth of visitors is not the first to try every slice's canary.
 */
const offsetOf = (slice: RemoteName): number => {
  let hash = 0x811c9dc5;
  for (const char of slice) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash % BUCKETS;
};

/**
 * Whether the visitor in `bucket` gets a slice's canary of `percent` %: a share that grows keeps
 * every visitor it had, so nobody switches back and forth while a canary is widened.
 */
export const inCanary = (bucket: number, slice: RemoteName, percent: number): boolean => (bucket + offsetOf(slice)) % BUCKETS < percent;

/**
 * A visitor's bucket: from `fromEdge` (the shared cache's header, set from the same cookie, which
 * the page is then keyed on) when given, else from their cookie; null when they have none (or a
 * value not made by us).
 */
function bucketOf(request: FastifyRequest, fromEdge: string | undefined): number | null {
  const value = fromEdge ?? fastifyCookie.parse(request.headers.cookie ?? '')[CANARY_COOKIE];
  if (!value || !/^\d{1,2}$/.test(value)) return null;
  return Number(value);
}

/**
 * The visitor's canary bucket for this request. Without one while a canary runs, a new bucket is
 * drawn and its cookie returned for the answer to set (`setCookie`); without a canary, nothing is
 * set and the bucket does not matter.
 */
export function canaryVisitor(
  request: FastifyRequest,
  canaryRunning: boolean,
  secureCookies: boolean,
  fromEdge?: string,
): { bucket: number | null; setCookie: string | null } {
  const known = bucketOf(request, fromEdge);
  if (known !== null || !canaryRunning) return { bucket: known, setCookie: null };
  const bucket = randomInt(BUCKETS);
  const setCookie = fastifyCookie.serialize(CANARY_COOKIE, String(bucket), {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: secureCookies,
    maxAge: CANARY_COOKIE_MAX_AGE_S,
  });
  return { bucket, setCookie };
}
