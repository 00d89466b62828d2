import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { defineModel, isDuplicateKeyError } from '../model';

/**
 * Who may run a named job until when (Jobs): one record per job name in the service's own
 * database, shared by all instances of the service. Taken by compare-and-set (an expired lease or
 * one's own), so of two instances that try at once exactly one gets it: no transactions needed.
 */
const jobLeaseSchema = new Schema(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    until: { type: Date, required: true },
  },
  { versionKey: false },
);

export const jobLeaseModel = defineModel('JobLease', jobLeaseSchema);

/** This process's owner name in leases: host-independent and unique per process start. */
export const INSTANCE_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * Takes the lease on `name` for `ms` from now when it is free, expired or already ours.
 * @returns true when this instance holds it now.
 */
export async function acquireLease(db: Connection, name: string, owner: string, ms: number): Promise<boolean> {
  const now = Date.now();
  try {
    const lease = await jobLeaseModel(db)
      .findOneAndUpdate(
        { _id: name, $or: [{ until: { $lte: new Date(now) } }, { owner }] },
        { $set: { owner, until: new Date(now + ms) } },
        { upsert: true, returnDocument: 'after' },
      )
      .lean();
    return lease?.owner === owner;
  } catch (error) {
    // The upsert of a lease someone else holds hits the unique _id.
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** Gives the lease back early (after a migration), so waiting instances go on at once. */
export async function releaseLease(db: Connection, name: string, owner: string): Promise<void> {
  await jobLeaseModel(db).updateOne({ _id: name, owner }, { $set: { until: new Date(0) } });
}
