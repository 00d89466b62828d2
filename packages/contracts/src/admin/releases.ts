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
      /**
       * The page ids the route table it was built against gives each remote (@shop/routes): its
       * pages module renders its own. Absent from releases recorded before this was kept.
       */
      pages: z.record(z.string(), z.array(z.string())).optional(),
      /** Fingerprints of the props types of its exposes (RemotePagesProps, FooterNewsletterProps) it was built against. */
      props: z.record(z.string(), z.string()).optional(),
      /**
       * Per narrowed shared module (share key: 'react-router-dom', '@tanstack/react-query'), the
       * names its browser build uses of it, which the live shell's copy must export
       * (`narrowedShared.imports` of its contracts.json). Absent from releases recorded before this was kept.
       */
      narrowedImports: z.record(z.string(), z.array(z.string())).optional(),
    })
    .strict(),
);
export type ReleaseRecord = z.infer<typeof ReleaseRecord>;

/** The smallest and largest share of visitors a canary may be given (%): 100 % is a promote. */
export const CANARY_PERCENT_MIN = 1;
export const CANARY_PERCENT_MAX = 99;

/** A canary's share of visitors: whole percent, 1–99. */
export const CanaryPercent = lazySchema(() => z.number().int().min(CANARY_PERCENT_MIN).max(CANARY_PERCENT_MAX));

/**
 * A release live for a share of visitors before all of them (docs/releases.md 'Canary'): each
 * visitor's bucket (0–99, the `shop_canary` cookie) decides, so a visitor keeps the same version
 * on every page and instance while the share stays or grows.
 */
export const CanaryRelease = lazySchema(() =>
  z
    .object({
      version: ReleaseVersion,
      percent: CanaryPercent,
      /** When the canary started or its share last changed (ISO 8601), and who did it. */
      changedAt: z.string().datetime(),
      changedBy: z.string(),
    })
    .strict(),
);
export type CanaryRelease = z.infer<typeof CanaryRelease>;

/** A slice's live version; none while the remote is served from the build in the shop's own tree. */
export const LiveRelease = lazySchema(() =>
  z
    .object({
      slice: RemoteName,
      version: ReleaseVersion,
      /** When it went live (ISO 8601) and who made it so. */
      changedAt: z.string().datetime(),
      changedBy: z.string(),
      /**
       * The canary beside it, when one runs: that share of visitors gets its version instead.
       * Absent from a registry older than canaries: no canary then.
       */
      canary: CanaryRelease.nullable().optional(),
    })
    .strict(),
);
export type LiveRelease = z.infer<typeof LiveRelease>;

/** `GET /internal/releases/live` (admin service → every gateway instance): the live version of each released slice. */
export const LiveReleases = lazySchema(() => z.object({ releases: z.array(LiveRelease) }).strict());
export type LiveReleases = z.infer<typeof LiveReleases>;

/**
 * What a change of a slice's live version did: 'promote' and 'rollback' make `version` live for
 * everyone (and end a canary); 'canary' gives `version` to `percent` % of visitors (a start, or
 * a new share); 'canary-stop' takes the canary `version` back from them.
 */
export const ReleaseAction = lazySchema(() => z.enum(['promote', 'rollback', 'canary', 'canary-stop']));
export type ReleaseAction = z.infer<typeof ReleaseAction>;

/** One change of a slice's live version, newest first in the history. */
export const ReleaseChange = lazySchema(() =>
  z
    .object({
      slice: RemoteName,
      action: ReleaseAction,
      version: ReleaseVersion,
      /** The version live for everyone before (for a canary: beside it); null for the slice's first release. */
      previousVersion: ReleaseVersion.nullable(),
      /** A canary's share of visitors (%), for 'canary'. */
      percent: CanaryPercent.optional(),
      at: z.string().datetime(),
      by: z.string(),
    })
    .strict(),
);
export type ReleaseChange = z.infer<typeof ReleaseChange>;

/**
 * `GET /api/admin/releases?slice=`: a slice's published releases (newest first, the live one
 * marked) and its history; `formerlyLive`: the published versions still in the store that were
 * live for everyone before and are not now, newest first (where a rollback may go); `names`: the
 * staff members' names by account id, for the history's `by` (a developer at the release commands
 * is 'cli:<e-mail>'; an id without a readable name is missing).
 */
export const SliceReleases = lazySchema(() =>
  z
    .object({
      slice: RemoteName,
      live: ReleaseVersion.nullable(),
      canary: CanaryRelease.nullable(),
      releases: z.array(ReleaseRecord),
      formerlyLive: z.array(ReleaseVersion),
      history: z.array(ReleaseChange),
      names: z.record(z.string(), z.string()),
    })
    .strict(),
);
export type SliceReleases = z.infer<typeof SliceReleases>;

/**
 * `POST /api/admin/releases/:slice/live` (admins, `releases:write`): a change of what is live
 * from the back office. 'go-live' makes `version` live for everyone: the running canary's version
 * (a promote), or one that was live before (a rollback); a version never live goes live with
 * `npm run release`, after the checks before a promote. 'stop-canary' ends the running canary.
 * `expectedLive` is the live version the staff member saw (null: the tree's build): a change made
 * meanwhile refuses the request (409) instead of being overridden.
 */
export const ReleaseLiveChange = lazySchema(() =>
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('go-live'), version: ReleaseVersion, expectedLive: ReleaseVersion.nullable() }).strict(),
    z.object({ action: z.literal('stop-canary'), expectedLive: ReleaseVersion.nullable() }).strict(),
  ]),
);
export type ReleaseLiveChange = z.infer<typeof ReleaseLiveChange>;
