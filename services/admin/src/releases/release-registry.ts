import type { Connection } from 'mongoose';
import type { RemoteName } from '@shop/contracts';
import type { LiveReleases, ReleaseChange, ReleaseRecord, SliceReleases } from '@shop/contracts/admin';
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

/** Who changes what is live: a staff member in the back office, or a developer at the release commands ('cli:<e-mail>'). */
export type ReleaseActor = ShopIdentity;

function toRecord(document: ReleaseDocument): ReleaseRecord {
  return {
    slice: document.slice as RemoteName,
    version: document.version,
    commit: document.commit,
    createdAt: document.createdAt.toISOString(),
    createdBy: document.createdBy,
    shared: document.shared as ReleaseRecord['shared'],
    contractsVersion: document.contractsVersion,
    events: document.events as ReleaseRecord['events'],
    exposes: document.exposes,
  };
}

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
   * Records a published release; publishing the same version again changes nothing.
   * @throws ConflictError when the version is recorded with other contents (another commit or build).
   */
  async register(record: ReleaseRecord): Promise<void> {
    const _id = `${record.slice}@${record.version}`;
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
   * Makes `version` (a registered release) the slice's live one.
   * @throws NotFoundError (not registered); StaleVersionError (409: another change was made at the same time).
   */
  async promote(actor: ReleaseActor, slice: RemoteName, version: string): Promise<ReleaseChange> {
    await this.release(slice, version);
    return this.makeLive(actor, slice, version, 'promote');
  }

  /**
   * Goes back to `version`, or without one to the release live before the current one (a second
   * rollback without a version returns to where the first one started).
   * @throws ConflictError (nothing live, or nothing before it); NotFoundError; StaleVersionError.
   */
  async rollback(actor: ReleaseActor, slice: RemoteName, version?: string): Promise<ReleaseChange> {
    const channel = await this.channels.findById(slice).lean();
    if (!channel) throw new ConflictError(`${slice} has no live release to roll back`);
    const target = version ?? channel.previousVersion;
    if (!target) throw new ConflictError(`${slice} has no release before ${channel.liveVersion}`);
    await this.release(slice, target);
    return this.makeLive(actor, slice, target, 'rollback');
  }

  private async makeLive(actor: ReleaseActor, slice: RemoteName, version: string, action: ReleaseChange['action']): Promise<ReleaseChange> {
    const at = this.deps.now();
    const channel = await this.channels.findById(slice).lean();
    const previousVersion = channel?.liveVersion ?? null;
    if (previousVersion === version) throw new ConflictError(`${slice} ${version} is already live`);
    const entry = auditEntry(
      actor,
      {
        service: 'admin',
        entity: 'release',
        entityId: slice,
        label: `${slice} ${version}`,
        action,
        changes: [{ field: 'liveVersion', before: previousVersion, after: version }],
      },
      at,
    );
    const fields = { liveVersion: version, previousVersion, changedAt: at, changedBy: actor.userId };
    if (channel) {
      await versionedUpdate(this.channels, {
        filter: { _id: slice },
        expectedVersion: channel.version,
        update: { $set: fields },
        audit: entry,
        relay: this.deps.relay,
      });
    } else {
      // The slice's first release: of two at once, the unique _id lets one in (409 for the other).
      await versionedCreate(this.channels, {
        record: { _id: slice, ...fields },
        audit: entry,
        relay: this.deps.relay,
        takenMessage: `${slice} was released by someone else at the same time; look again and retry`,
      });
    }
    const change: ReleaseChange = { slice, action, version, previousVersion, at: at.toISOString(), by: actor.userId };
    await this.changes.create({ ...change, at });
    return change;
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
      })),
    };
  }

  /** A slice's releases (newest first) with the live one, and its history of changes (newest first, at most HISTORY_SHOWN). */
  async ofSlice(slice: RemoteName): Promise<SliceReleases> {
    const [releases, channel, history] = await Promise.all([
      this.releases.find({ slice }).sort({ createdAt: -1 }).lean(),
      this.channels.findById(slice, { auditOutbox: 0 }).lean(),
      this.changes.find({ slice }).sort({ at: -1 }).limit(HISTORY_SHOWN).lean(),
    ]);
    return {
      slice,
      live: channel?.liveVersion ?? null,
      releases: releases.map(toRecord),
      history: history.map((change) => ({
        slice,
        action: change.action as ReleaseChange['action'],
        version: change.version,
        previousVersion: change.previousVersion ?? null,
        at: change.at.toISOString(),
        by: change.by,
      })),
    };
  }
}
