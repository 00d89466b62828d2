/**
 * Test support of the admin service (jest only): a release record of the cart as the release
 * command registers it (ReleaseRecord), and the registry the release commands open on the
 * service's database, with its audit relay.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Connection } from 'mongoose';
import { AuditRelay } from '@shop/service-kit';
import type { ReleaseRecord } from '@shop/contracts/admin';
import { ReleaseRegistry } from '../releases/release-registry';
import { releaseChannelModel } from '../releases/release.model';
import { storeAuditEntries } from '../audit/audit-log';

/** A cart release `version` (12 hex digits) published now by team-cart@example.de. */
export const testReleaseRecord = (version: string, overrides: Partial<ReleaseRecord> = {}): ReleaseRecord => ({
  slice: 'cart',
  version,
  commit: 'abc1234',
  createdAt: new Date().toISOString(),
  createdBy: 'team-cart@example.de',
  shared: { react: { version: '19.3.1', requiredVersion: '19.3.1' }, zustand: { version: '5.1.0', requiredVersion: '5.1.0' } },
  contractsVersion: '0.1.0',
  events: {
    emits: ['cart:changed'],
    listens: ['auth:changed'],
    asks: [],
    answers: ['cart:add'],
    fingerprints: { 'cart:changed': '3097de3fdf91', 'auth:changed': 'd1cf4516f9b2', 'cart:add': '9c3bd2e7a661' },
  },
  exposes: ['./pages', './cart-button'],
  ...overrides,
});

/** The release registry and its audit relay on `db`, as the release commands open them (release-cli.ts); `now` its clock. */
export function releaseRegistryOn(
  db: Connection,
  log: FastifyBaseLogger,
  now: () => Date = () => new Date(),
): { registry: ReleaseRegistry; relay: AuditRelay } {
  const relay = new AuditRelay({
    deliver: (entries) => storeAuditEntries(db, entries),
    models: [() => releaseChannelModel(db)],
    log,
  });
  return { registry: new ReleaseRegistry({ db, relay, now }), relay };
}
