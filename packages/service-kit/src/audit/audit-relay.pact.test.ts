/**
 * What every service's audit relay expects of the admin service, which owns the audit log,
 * written down as a consumer-driven contract (Pact, docs/releases.md 'Contracts between the
 * services'): the relay's real delivery against Pact's mock of the admin service. The contract
 * (packages/contracts/pacts/audit-relay-admin.json) is verified against the real admin service in
 * its tests (services/admin/src/admin-provider.pact.test.ts). The relay removes entries
 * from their records only after a 204, and delivers again after a crash, so a repeated delivery
 * must be answered 204 too.
 */
import Fastify from 'fastify';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerPact } from '@shop/test-fixtures/pact';
import { auditEntry } from './audit-entry';
import { AuditRelay } from './audit-outbox';

const { like } = MatchersV3;
const SECRET = 'test-internal-secret-0123456789-abcdef';
/** A manager's price change of a product, as the catalog records it. */
const ENTRY = {
  ...auditEntry(
    { userId: '665f1c2b9a1e4b00123456aa', role: 'manager' },
    {
      service: 'catalog',
      entity: 'product',
      entityId: '665f1c2b9a1e4b0012345601',
      label: 'RandM Tornado 9000 Blueberry Ice',
      action: 'update',
      changes: [{ field: 'price', before: '26.99', after: '24.99' }],
    },
    new Date('2026-11-28T12:00:00.000Z'),
  ),
  id: '0b6f3c52-1f0e-4c3e-9a57-3d2f0e3f7a10',
};

const contract = consumerPact('audit-relay', 'admin');

function relay(adminUrl: string): AuditRelay {
  return new AuditRelay({ adminServiceUrl: adminUrl, internalSecret: SECRET, models: [], log: Fastify().log });
}

describe("every service's audit relay of the admin service (consumer-driven contract)", () => {
  test('audit entries delivered: POST /internal/audit-entries, 204', async () => {
    await contract.pact
      .addInteraction()
      .given('the audit log does not hold entry 0b6f3c52-1f0e-4c3e-9a57-3d2f0e3f7a10')
      .uponReceiving('a delivery of audit entries')
      .withRequest('POST', '/internal/audit-entries', (request) =>
        request.headers({ 'x-internal-token': like(SECRET) }).jsonBody({ entries: [ENTRY] }),
      )
      .willRespondWith(204)
      .executeTest(async (admin) => {
        await expect(relay(admin.url).deliverNow([ENTRY])).resolves.toBeUndefined();
      });
  });

  test('the same entries delivered again (after a crash before they were removed): 204 again', async () => {
    await contract.pact
      .addInteraction()
      .given('the audit log holds entry 0b6f3c52-1f0e-4c3e-9a57-3d2f0e3f7a10')
      .uponReceiving('a repeated delivery of audit entries')
      .withRequest('POST', '/internal/audit-entries', (request) =>
        request.headers({ 'x-internal-token': like(SECRET) }).jsonBody({ entries: [ENTRY] }),
      )
      .willRespondWith(204)
      .executeTest(async (admin) => {
        await expect(relay(admin.url).deliverNow([ENTRY])).resolves.toBeUndefined();
      });
  });

  contract.committedContractTest('packages/service-kit/src/audit/audit-relay.pact');
});
