import type { Connection } from 'mongoose';
import type { RemoteName } from '@shop/contracts';
import type { CanaryRelease, LiveReleases, ReleaseChange, ReleaseLiveChange, ReleaseRecord, SliceReleases } from '@shop/contracts/admin';
import {
  auditEntry,
  ConflictError,
  NotFoundError,
  versionedCreate,
  versionedUpdate,
  type AuditRelay,
  type ShopIdentity,
} from '@shop/service-kit';
import { releaseChangeModel, releaseChannelModel, releaseModel, type ReleaseDocument } from './release.model';

/** How many past changes a slice's history shows. */
const HISTORY_SHOWN = 50;

/**
 * The retention rule of the remote store (docs/releases.md 'Retention'): a release's files stay
 * while it is live, the canary or the version before the live one (where a rollback goes), while
 * it is among the slice's RELEASES_KEPT newest, and for SERVED_GRACE_MS after it was last live
 * for anyone: a shopper's open tab keeps loading that version's chunks.
 */
export const RETENTION = { kept: 10, servedGraceMs: 24 * 3600_000 } as const;

/** Who changes what is live: a staff member in the back office, or a developer at the release commands ('cli:<e-mail>'). */
export type ReleaseActor = ShopIdentity;

/** Strings of a stored list; anything else (a field missing in an older record) is an empty list. */
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The record of a stored release. Records are kept for as long as their files, so one written by
 * an older release command may lack a field added since (the events' schema fingerprints came
 * later): a missing list reads as empty and missing fingerprints as none, which the checks before
 * a promote treat as unknown, never as a match.
 */
function toRecord(document: ReleaseDocument): ReleaseRecord {
  const events = (document.events ?? {}) as Partial<Record<keyof ReleaseRecord['events'], unknown>>;
  const fingerprints =
    typeof events.fingerprints === 'object' && events.fingerprints !== null
      ? Object.fromEntries(Object.entries(events.fingerprints).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : {};
  return {
    slice: document.slice as RemoteName,
    version: document.version,
    commit: document.commit,
    createdAt: document.createdAt.toISOString(),
    createdBy: document.createdBy,
    shared: (document.shared ?? {}) as ReleaseRecord['shared'],
    contractsVersion: document.contractsVersion,
    events: {
      emits: strings(events.emits),
      listens: strings(events.listens),
      asks: strings(events.asks),
      answers: strings(events.answers),
      fingerprints,
    },
    exposes: strings(document.exposes),
    ...(document.pages ? { pages: document.pages as Record<string, string[]> } : {}),
    ...(document.props ? { props: document.props as Record<string, string> } : {}),
  };
}

type StoredCanary = { version: string; percent: number; changedAt: Date; changedBy: string } | null | undefined;

function toCanary(canary: StoredCanary): CanaryRelease | null {
  return canary
    ? { version: canary.version, percent: canary.percent, changedAt: canary.changedAt.toISOString(), changedBy: canary.changedBy }
    : null;
}

type AuditChange = { field: string; before: string | null; after: string | null };

/** How the audit log shows a canary: '<version> (<percent> %)'. */
const canaryLabel = (canary: StoredCanary) => (canary ? `${canary.version} (${canary.percent} %)` : null);

/**
 * The release registry (docs/releases.md): the published releases of each slice's remote and
 * which one is live. Every gateway instance reads `live()` (GET /internal/releases/live) and
 * serves the live versions within its poll interval. A change of the live version is one
 * version-checked write of the slice's channel record with its audit entry (no multi-document
 * transactions), followed by its history line; of two changes at once one is refused (409).
 */
export class ReleaseRegistry {
  constructor(private readonly deps: { db: Connection; relay: AuditRelay; now: () => Date }) {}

  private get releases() {
    return releaseModel(this.deps.db);
  }

  private get channels() {
    return releaseChannelModel(this.deps.db);
  }

  private get changes() {
    return releaseChangeModel(this.deps.db);
  }

  /** Builds the indexes the history and the lists read by. */
  async init(): Promise<void> {
    await Promise.all([this.releases.init(), this.channels.init(), this.changes.init()]);
  }

  /**
   * Records a published release; publishing the same version again changes nothing. A version
   * the retention rule removed comes back when its build is published again (a rebuild of an old
   * commit gives the same bytes, so the same version).
   * @throws ConflictError when the version is recorded with other contents (another commit or build).
   */
  async register(record: ReleaseRecord, actor?: ReleaseActor): Promise<void> {
    const _id = `${record.slice}@${record.version}`;
    const channel = await this.channels.findById(record.slice).lean();
    if (channel?.retired?.includes(record.version)) {
      await versionedUpdate(this.channels, {
        filter: { _id: record.slice },
        expectedVersion: channel.version ?? 0,
        update: { $set: { retired: channel.retired.filter((version) => version !== record.version) } },
        audit: auditEntry(actor ?? { userId: `cli:${record.createdBy}`.slice(0, 64), role: 'developer' }, {
          service: 'admin',
          entity: 'release',
          entityId: record.slice,
          label: `${record.slice} ${record.version}`,
          action: 'republish',
          changes: [{ field: 'retired', before: record.version, after: null }],
        }),
        relay: this.deps.relay,
      });
    }
    const existing = await this.releases.findById(_id).lean();
    if (existing) {
      if (existing.commit !== record.commit || existing.contractsVersion !== record.contractsVersion)
        throw new ConflictError(`${_id} is already registered from commit ${existing.commit}`);
      return;
    }
    try {
      await this.releases.create({ ...record, _id, createdAt: new Date(record.createdAt) });
    } catch (error) {
      // A parallel register of the same version: the first one stands.
      if (!(await this.releases.exists({ _id }))) throw error;
    }
  }

  /** A registered release. @throws NotFoundError */
  async release(slice: RemoteName, version: string): Promise<ReleaseRecord> {
    const document = await this.releases.findById(`${slice}@${version}`).lean();
    if (!document) throw new NotFoundError(`${slice} has no release ${version}`);
    return toRecord(document);
  }

  /**
   * Makes `version` (a registered release) the slice's live one, for everyone: a canary running
   * beside it ends (when `version` is the canary's, its visitors keep what they have).
   * @throws NotFoundError (not registered); ConflictError (already live); StaleVersionError (409: another change was made at the same time).
   */
  async promote(actor: ReleaseActor, slice: RemoteName, version: string): Promise<ReleaseChange> {
    await this.release(slice, version);
    return this.makeLive(actor, slice, version, 'promote');
  }

  /**
   * Goes back: with a canary running, the canary stops (everyone gets the live release);
   * otherwise to `version`, or without one to the release live before the current one (a second
   * rollback without a version returns to where the first one started). With a version, a running
   * canary ends too.
   * @throws ConflictError (nothing live, or nothing before it); NotFoundError; StaleVersionError.
   */
  async rollback(actor: ReleaseActor, slice: RemoteName, version?: string): Promise<ReleaseChange> {
    const channel = await this.channels.findById(slice).lean();
    if (!channel) throw new ConflictError(`${slice} has no live release to roll back`);
    if (!version && channel.canary) return this.stopCanary(actor, slice);
    const target = version ?? channel.previousVersion;
    if (!target) throw new ConflictError(`${slice} has no release before ${channel.liveVersion}`);
    await this.release(slice, target);
    return this.makeLive(actor, slice, target, 'rollback');
  }

  /**
   * Gives `version` (a registered release) to `percent` % of visitors beside the live release
   * (a canary, docs/releases.md), or changes the running canary's share. A slice's first release
   * goes live for everyone: there is no release of it to compare against.
   * @throws NotFoundError; ConflictError (no live release, `version` is live, the same canary runs); StaleVersionError.
   */
  async startCanary(actor: ReleaseActor, slice: RemoteName, version: string, percent: number): Promise<ReleaseChange> {
    await this.release(slice, version);
    const channel = await this.channels.findById(slice).lean();
    if (!channel) throw new ConflictError(`${slice} has no live release yet: its first release goes live for everyone, without a canary`);
    if (channel.liveVersion === version) throw new ConflictError(`${slice} ${version} is already live for everyone`);
    if (channel.retired?.includes(version)) throw new ConflictError(`${slice} ${version} was removed by the retention rule`);
    if (channel.canary?.version === version && channel.canary.percent === percent)
      throw new ConflictError(`${slice} ${version} already runs as a canary for ${percent} % of visitors`);
    const at = this.deps.now();
    const canary = { version, percent, changedAt: at, changedBy: actor.userId };
    return this.change(actor, slice, channel, {
      at,
      set: { canary },
      changes: [{ field: 'canary', before: canaryLabel(channel.canary), after: canaryLabel(canary) }],
      history: { action: 'canary', version, previousVersion: channel.liveVersion, percent },
    });
  }

  /**
   * Ends the running canary: every visitor gets the live release again.
   * @throws ConflictError (no canary runs); StaleVersionError.
   */
  async stopCanary(actor: ReleaseActor, slice: RemoteName): Promise<ReleaseChange> {
    const channel = await this.channels.findById(slice).lean();
    if (!channel?.canary) throw new ConflictError(`${slice} has no canary running`);
    const at = this.deps.now();
    return this.change(actor, slice, channel, {
      at,
      set: { canary: null },
      changes: [{ field: 'canary', before: canaryLabel(channel.canary), after: null }],
      history: { action: 'canary-stop', version: channel.canary.version, previousVersion: channel.liveVersion },
    });
  }

  /**
   * A change of what is live from the back office (ReleaseLiveChange, docs/releases.md): only
   * versions already checked go live there, the running canary's (a promote) or one live before
   * (a rollback). Staff read the reasons in German.
   * @throws ConflictError (the live version changed since `expectedLive`, a version never live, no canary); NotFoundError; StaleVersionError.
   */
  async changeFromBackOffice(actor: ReleaseActor, slice: RemoteName, change: ReleaseLiveChange): Promise<ReleaseChange> {
    const channel = await this.channels.findById(slice).lean();
    if ((channel?.liveVersion ?? null) !== change.expectedLive)
      throw new ConflictError('Die Live-Version wurde inzwischen geändert. Bitte laden Sie die Seite neu und prüfen Sie den Stand.');
    if (change.action === 'stop-canary') {
      if (!channel?.canary) throw new ConflictError('Es läuft kein Canary, der beendet werden könnte.');
      return this.stopCanary(actor, slice);
    }
    await this.release(slice, change.version);
    if (channel?.canary?.version === change.version) return this.promote(actor, slice, change.version);
    const wasLive = await this.changes.exists({ slice, version: change.version, action: { $in: ['promote', 'rollback'] } });
    if (!wasLive)
      throw new ConflictError(
        `Version ${change.version} war noch nie live. Neue Versionen gehen mit „npm run release -- ${slice}“ live, nach den Prüfungen vor der Freigabe.`,
      );
    return this.rollback(actor, slice, change.version);
  }

  private async makeLive(actor: ReleaseActor, slice: RemoteName, version: string, action: 'promote' | 'rollback'): Promise<ReleaseChange> {
    const at = this.deps.now();
    const channel = await this.channels.findById(slice).lean();
    const previousVersion = channel?.liveVersion ?? null;
    if (previousVersion === version) throw new ConflictError(`${slice} ${version} is already live`);
    if (channel?.retired?.includes(version)) throw new ConflictError(`${slice} ${version} was removed by the retention rule`);
    const changes: AuditChange[] = [{ field: 'liveVersion', before: previousVersion, after: version }];
    if (channel?.canary) changes.push({ field: 'canary', before: canaryLabel(channel.canary), after: null });
    return this.change(actor, slice, channel, {
      at,
      set: { liveVersion: version, previousVersion, changedAt: at, changedBy: actor.userId, canary: null },
      changes,
      history: { action, version, previousVersion },
    });
  }

  /**
   * One change of the slice's channel record: a version-checked write (or, for the slice's first
   * release, a create that only one of two at once wins) with its audit entry, then its history line.
   */
  private async change(
    actor: ReleaseActor,
    slice: RemoteName,
    channel: { version?: number | null } | null,
    {
      at,
      set,
      changes,
      history,
    }: {
      at: Date;
      set: Record<string, unknown>;
      changes: AuditChange[];
      history: Pick<ReleaseChange, 'action' | 'version' | 'previousVersion' | 'percent'>;
    },
  ): Promise<ReleaseChange> {
    const label = `${slice} ${history.version}`;
    const entry = auditEntry(actor, { service: 'admin', entity: 'release', entityId: slice, label, action: history.action, changes }, at);
    if (channel) {
      await versionedUpdate(this.channels, {
        filter: { _id: slice },
        expectedVersion: channel.version ?? 0,
        update: { $set: set },
        audit: entry,
        relay: this.deps.relay,
      });
    } else {
      // The slice's first release: of two at once, the unique _id lets one in (409 for the other).
      await versionedCreate(this.channels, {
        record: { _id: slice, ...set },
        audit: entry,
        relay: this.deps.relay,
        takenMessage: `${slice} was released by someone else at the same time; look again and retry`,
      });
    }
    const change: ReleaseChange = { slice, ...history, at: at.toISOString(), by: actor.userId };
    await this.changes.create({ ...change, at });
    return change;
  }

  /**
   * Applies the retention rule (RETENTION) to a slice: the releases it no longer keeps are
   * retired in the slice's channel record (one version-checked write with its audit entry, so a
   * promote at the same moment either comes first, and its version is kept, or is refused) and
   * their records removed. Returns every retired version of the slice, whose folders the caller
   * deletes from the remote store (again, when a deletion was interrupted). A slice never made
   * live retires nothing.
   * @throws StaleVersionError (409: a change of what is live at the same time; run it again).
   */
  async retire(actor: ReleaseActor, slice: RemoteName, rule: { kept: number; servedGraceMs: number } = RETENTION): Promise<string[]> {
    const channel = await this.channels.findById(slice).lean();
    if (!channel) return [];
    const at = this.deps.now();
    const [releases, recent] = await Promise.all([
      this.releases.find({ slice }, { version: 1 }).sort({ createdAt: -1 }).lean(),
      this.changes.find({ slice, at: { $gte: new Date(at.getTime() - rule.servedGraceMs) } }).lean(),
    ]);
    const kept = new Set<string>([
      channel.liveVersion,
      ...(channel.previousVersion ? [channel.previousVersion] : []),
      ...(channel.canary ? [channel.canary.version] : []),
      ...releases.slice(0, rule.kept).map((release) => release.version),
      // Live (for everyone or a canary's share) at some moment of the grace period.
      ...recent.flatMap((change) => [change.version, ...(change.previousVersion ? [change.previousVersion] : [])]),
    ]);
    const retiring = releases.map((release) => release.version).filter((version) => !kept.has(version));
    const retired = channel.retired ?? [];
    if (retiring.length) {
      const entry = auditEntry(
        actor,
        {
          service: 'admin',
          entity: 'release',
          entityId: slice,
          label: `${slice}: ${retiring.length} alte Version(en)`,
          action: 'retire',
          changes: [{ field: 'retired', before: null, after: retiring.join(', ') }],
        },
        at,
      );
      await versionedUpdate(this.channels, {
        filter: { _id: slice },
        expectedVersion: channel.version ?? 0,
        update: { $set: { retired: [...retired, ...retiring] } },
        audit: entry,
        relay: this.deps.relay,
      });
      await this.releases.deleteMany({ slice, version: { $in: retiring } });
    }
    return [...retired, ...retiring];
  }

  /** The live version of every slice that has one. */
  async live(): Promise<LiveReleases> {
    const channels = await this.channels.find({}, { auditOutbox: 0 }).sort({ _id: 1 }).lean();
    return {
      releases: channels.map((channel) => ({
        slice: channel._id as RemoteName,
        version: channel.liveVersion,
        changedAt: channel.changedAt.toISOString(),
        changedBy: channel.changedBy,
        canary: toCanary(channel.canary),
      })),
    };
  }

  /**
   * A slice's releases (newest first) with the live one, the ones live before that a rollback
   * may return to (newest first; those the retention rule removed are gone), and its history of
   * changes (newest first, at most HISTORY_SHOWN) with the staff members' names (`namesOf`: the
   * account service's, ActorNames; none by default).
   */
  async ofSlice(
    slice: RemoteName,
    namesOf: (ids: string[]) => Promise<Map<string, string>> = async () => new Map(),
  ): Promise<SliceReleases> {
    const [releases, channel, history, wereLive] = await Promise.all([
      this.releases.find({ slice }).sort({ createdAt: -1 }).lean(),
      this.channels.findById(slice, { auditOutbox: 0 }).lean(),
      this.changes.find({ slice }).sort({ at: -1 }).limit(HISTORY_SHOWN).lean(),
      this.changes.find({ slice, action: { $in: ['promote', 'rollback'] } }, { version: 1 }).lean(),
    ]);
    const live = channel?.liveVersion ?? null;
    const wasLive = new Set(wereLive.map((change) => change.version));
    const names = await namesOf(history.map((change) => change.by));
    return {
      slice,
      live,
      canary: toCanary(channel?.canary),
      releases: releases.map(toRecord),
      formerlyLive: releases.map((release) => release.version).filter((version) => version !== live && wasLive.has(version)),
      names: Object.fromEntries(names),
      history: history.map((change) => ({
        slice,
        action: change.action as ReleaseChange['action'],
        version: change.version,
        previousVersion: change.previousVersion ?? null,
        ...(change.percent ? { percent: change.percent } : {}),
        at: change.at.toISOString(),
        by: change.by,
      })),
    };
  }
}
