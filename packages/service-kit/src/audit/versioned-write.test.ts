/**
 * The versioned-write kernel against the real database: stale versions, the state a
 * write depends on, unique keys, parallel writers, the audit entry in the outbox.
 */
import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { AuditEntry } from '@shop/contracts/admin';
import { openDatabase } from '../database';
import { auditOutboxPath, type AuditRelay } from './audit-outbox';
import { backfillVersions, checkVersion, versionedCreate, versionedUpdate } from './versioned-write';

let db: Connection;

const noteSchema = new Schema({
  code: { type: String, required: true, unique: true },
  text: { type: String, default: '' },
  status: { type: String, default: 'open' },
  tags: { type: [String], default: [] },
  edits: { type: Number, default: 0 },
  version: { type: Number, default: 0 },
  ...auditOutboxPath,
});

const notes = () => db.models.Note ?? db.model('Note', noteSchema);

beforeAll(async () => {
  db = await openDatabase(process.env.MONGODB_URI!, `test_versioned_${randomUUID().slice(0, 8)}`);
  await notes().init();
});

afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

const entry = (label: string): AuditEntry => ({
  id: randomUUID(),
  at: new Date().toISOString(),
  actorId: 'staff-1',
  actorRole: 'admin',
  service: 'content',
  entity: 'note',
  entityId: label,
  label,
  action: 'update',
  changes: [{ field: 'text', before: null, after: label }],
  reason: null,
});

function fakeRelay() {
  const relay = { kicks: 0, kick: () => void (relay.kicks += 1) };
  return relay as typeof relay & AuditRelay;
}

async function newNote(code: string) {
  return versionedCreate(notes(), { record: { code }, audit: { ...entry(code), action: 'create' }, takenMessage: 'Code vergeben.' });
}

describe('versionedCreate', () => {
  it('stores version 0 with the creation entry, and refuses a taken unique key with the given 409', async () => {
    const relay = fakeRelay();
    const created = await versionedCreate(notes(), { record: { code: 'c-1' }, audit: entry('c-1'), takenMessage: 'Code vergeben.', relay });
    expect(created).toMatchObject({ code: 'c-1', version: 0 });
    expect(created.auditOutbox).toHaveLength(1);
    expect(relay.kicks).toBe(1);
    await expect(newNote('c-1')).rejects.toMatchObject({ statusCode: 409, code: 'CONFLICT', message: 'Code vergeben.' });
    expect(await notes().countDocuments({ code: 'c-1' })).toBe(1);
  });
});

describe('versionedUpdate', () => {
  it('applies the change on the version seen, raises it and stores the entry with it', async () => {
    const note = await newNote('u-1');
    const relay = fakeRelay();
    const audit = entry('u-1');
    const updated = await versionedUpdate(notes(), {
      filter: { _id: note._id },
      expectedVersion: 0,
      update: { $set: { text: 'neu' }, $inc: { edits: 2 }, $push: { tags: 'a' } },
      audit,
      relay,
    });
    expect(updated).toMatchObject({ text: 'neu', version: 1, edits: 2, tags: ['a'] });
    expect(updated.auditOutbox.map((stored: AuditEntry) => stored.id)).toEqual([expect.any(String), audit.id]);
    expect(relay.kicks).toBe(1);
  });

  it('refuses an outdated version with STALE_VERSION and changes nothing', async () => {
    const note = await newNote('s-1');
    await versionedUpdate(notes(), {
      filter: { _id: note._id },
      expectedVersion: 0,
      update: { $set: { text: 'eins' } },
      audit: entry('s-1'),
    });
    const relay = fakeRelay();
    await expect(
      versionedUpdate(notes(), {
        filter: { _id: note._id },
        expectedVersion: 0,
        update: { $set: { text: 'zwei' } },
        audit: entry('x'),
        relay,
      }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'STALE_VERSION' });
    const stored = await notes().findById(note._id).lean();
    expect(stored).toMatchObject({ text: 'eins', version: 1 });
    expect(stored!.auditOutbox).toHaveLength(2);
    expect(relay.kicks).toBe(0);
  });

  it('refuses a write whose state condition no longer holds', async () => {
    const note = await newNote('st-1');
    await notes().updateOne({ _id: note._id }, { $set: { status: 'closed' } });
    await expect(
      versionedUpdate(notes(), {
        filter: { _id: note._id, status: 'open' },
        expectedVersion: 0,
        update: { $set: { text: 'x' } },
        audit: entry('st-1'),
      }),
    ).rejects.toMatchObject({ code: 'STALE_VERSION' });
    expect((await notes().findById(note._id).lean())!.text).toBe('');
  });

  it('answers a taken unique key with the given 409, and without one as stale', async () => {
    await newNote('d-1');
    const other = await newNote('d-2');
    const write = { filter: { _id: other._id }, expectedVersion: 0, update: { $set: { code: 'd-1' } }, audit: entry('d-2') };
    await expect(versionedUpdate(notes(), { ...write, takenMessage: 'Code vergeben.' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Code vergeben.',
    });
    await expect(versionedUpdate(notes(), write)).rejects.toMatchObject({ code: 'STALE_VERSION' });
    expect(await notes().findById(other._id).lean()).toMatchObject({ code: 'd-2', version: 0 });
  });

  it('of parallel writers on one version exactly one wins, and only its entry is stored', async () => {
    const note = await newNote('p-1');
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        versionedUpdate(notes(), {
          filter: { _id: note._id },
          expectedVersion: 0,
          update: { $set: { text: `w${index}` } },
          audit: entry(`w${index}`),
        }),
      ),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason.code)).toEqual(
      Array(11).fill('STALE_VERSION'),
    );
    const stored = await notes().findById(note._id).lean();
    expect(stored!.version).toBe(1);
    expect(stored!.auditOutbox).toHaveLength(2);
    expect(stored!.auditOutbox[1].label).toBe(stored!.text);
  });

  it("with 'any' writes whatever the version is, and still raises it", async () => {
    const note = await newNote('a-1');
    await notes().updateOne({ _id: note._id }, { $set: { version: 7 } });
    const updated = await versionedUpdate(notes(), {
      filter: { _id: note._id },
      expectedVersion: 'any',
      update: { $set: { text: 'x' } },
      audit: entry('a-1'),
    });
    expect(updated.version).toBe(8);
  });

  it('creates the record on its first write when asked to (upsert), and a second first write is stale', async () => {
    const write = { filter: { code: 'up-1' }, expectedVersion: 0, update: { $set: { text: 'erst' } }, upsert: true };
    const first = await versionedUpdate(notes(), { ...write, audit: entry('up-1') });
    expect(first).toMatchObject({ code: 'up-1', version: 1, text: 'erst' });
    await expect(versionedUpdate(notes(), { ...write, audit: entry('up-1b') })).rejects.toMatchObject({ code: 'STALE_VERSION' });
  });
});

describe('checkVersion and backfillVersions', () => {
  it('checkVersion treats a missing version as 0', () => {
    expect(() => checkVersion({}, 0)).not.toThrow();
    expect(() => checkVersion({ version: null }, 0)).not.toThrow();
    expect(() => checkVersion({ version: 2 }, 1)).toThrow(expect.objectContaining({ code: 'STALE_VERSION' }));
  });

  it('backfillVersions gives version 0 to records without one and leaves the others', async () => {
    await notes().collection.insertOne({ code: 'old-1', text: 'alt' });
    const kept = await newNote('old-2');
    await notes().updateOne({ _id: kept._id }, { $set: { version: 3 } });
    expect(await backfillVersions(notes())).toBe(1);
    expect(await backfillVersions(notes())).toBe(0);
    expect((await notes().findOne({ code: 'old-1' }).lean())!.version).toBe(0);
    expect((await notes().findById(kept._id).lean())!.version).toBe(3);
  });
});
