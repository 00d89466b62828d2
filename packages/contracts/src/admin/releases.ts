import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { RemoteName } from '../slices';

/**
 * A release's version: the first 12 hex digits of the SHA-256 over the remote's published files
 * (browser and server builds, names and contents), so one build is one version and the same
 * bytes are never published under two names (docs/releases.md).
 */
export const ReleaseVersion = lazySchema(() => z.string().regex(/^[0-9a-f]{12}$/, 'a version is 12 hex digits'));
export type ReleaseVersion = z.infer<typeof ReleaseVersion>;

/** The path segment of a version in `/remotes/<slice>/<version>/…`, for routers and file lookups. */
export const RELEASE_VERSION_PATTERN = /^[0-9a-f]{12}$/;

/**
 * What a release carries beside its files (`release.json` in its folder of the remote store, and
 * the registry's record): where it came from, and what it was built against, which the checks
 * before a promote compare with the shell and the other slices.
 */
export const ReleaseRecord = lazySchema(() =>
  z
    .object({
      slice: RemoteName,
      version: ReleaseVersion,
      /** The git commit it was built from, with `+changes` when the work tree had uncommitted changes. */
      commit: z.string().min(1).max(80),
      /** When it was published (ISO 8601). */
      createdAt: z.string().datetime(),
      /** Who published it: the git author's e-mail address, or the operating-system user. */
      createdBy: z.string().min(1).max(120),
      /**
       * The shared singletons the remote was built against (react, react-dom, …, from its
       * mf-manifest.json): the version it brings and the range it requires of the one in the page.
       */
      shared: z.record(z.string(), z.object({ version: z.string(), requiredVersion: z.string() }).strict()),
      /** The `@shop/contracts` version it was built against. */
      contractsVersion: z.string().min(1).max(40),
      /**
       * Browser events (ShopEvents) and requests (ShopRequests) the remote's source emits, listens
       * to, asks and answers, and the fingerprint of each one's schema in the contracts it was
       * built against (`@shop/contracts/fingerprints`).
       */
      events: z
        .object({
          emits: z.array(z.string()),
          listens: z.array(z.string()),
          asks: z.array(z.string()),
          answers: z.array(z.string()),
          fingerprints: z.record(z.string(), z.string()),
        })
        .strict(),
      /** The modules it exposes ('./pages', './cart-button', …). */
      exposes: z.array(z.string()),
    })
    .strict(),
);
export type ReleaseRecord = z.infer<typeof ReleaseRecord>;

/** A slice's live version; none while the remote is served from the build in the shop's own tree. */
export const LiveRelease = lazySchema(() =>
  z
    .object({
      slice: RemoteName,
      version: ReleaseVersion,
      /** When it went live (ISO 8601) and who made it so. */
      changedAt: z.string().datetime(),
      changedBy: z.string(),
    })
    .strict(),
);
export type LiveRelease = z.infer<typeof LiveRelease>;

/** `GET /internal/releases/live` (admin service → every gateway instance): the live version of each released slice. */
export const LiveReleases = lazySchema(() => z.object({ releases: z.array(LiveRelease) }).strict());
export type LiveReleases = z.infer<typeof LiveReleases>;

/** One change of a slice's live version, newest first in the history. */
export const ReleaseChange = lazySchema(() =>
  z
    .object({
      slice: RemoteName,
      action: z.enum(['promote', 'rollback']),
      version: ReleaseVersion,
      /** The version live before; null for the slice's first release. */
      previousVersion: ReleaseVersion.nullable(),
      at: z.string().datetime(),
      by: z.string(),
    })
    .strict(),
);
export type ReleaseChange = z.infer<typeof ReleaseChange>;

/** `GET /api/admin/releases?slice=`: a slice's published releases (newest first, the live one marked) and its history. */
export const SliceReleases = lazySchema(() =>
  z
    .object({
      slice: RemoteName,
      live: ReleaseVersion.nullable(),
      releases: z.array(ReleaseRecord),
      history: z.array(ReleaseChange),
    })
    .strict(),
);
export type SliceReleases = z.infer<typeof SliceReleases>;
