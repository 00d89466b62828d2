/** How services read the identity the gateway signs: a refusal is logged loudly and counted, never a silent 'logged out'. */
import Fastify from 'fastify';
import { identityRejections, IDENTITY_HEADER, readIdentity, signIdentity } from './identity';

const SECRET = 'gateway-identity-secret-0123456789-abcdef';
const OTHER = 'another-identity-secret-0123456789-abcdef';

async function serviceWith(secret: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
  const app = Fastify({ logger: { level: 'info', base: { service: 'catalog' }, stream } });
  app.get('/who', async (request) => {
    // Two checks in one request (as the staff guard and a route do): one verification, one log line.
    await readIdentity(request, secret);
    return { identity: await readIdentity(request, secret) };
  });
  await app.ready();
  return { app, lines };
}

test('a valid identity is read; none is anonymous without a log line', async () => {
  const { app, lines } = await serviceWith(SECRET);
  const token = await signIdentity({ userId: 'u1', role: 'admin', email: 'a@example.de' }, SECRET);
  expect((await app.inject({ url: '/who', headers: { [IDENTITY_HEADER]: token } })).json()).toEqual({
    identity: { userId: 'u1', role: 'admin', email: 'a@example.de' },
  });
  expect((await app.inject({ url: '/who' })).json()).toEqual({ identity: null });
  expect(lines.filter((line) => (line.level as number) >= 40)).toEqual([]);
  await app.close();
});

test('an identity signed with another secret is refused, logged as an error naming the header and the service, and counted', async () => {
  const { app, lines } = await serviceWith(SECRET);
  const before = identityRejections();
  const token = await signIdentity({ userId: 'u1', role: 'admin' }, OTHER);
  expect((await app.inject({ url: '/who', headers: { [IDENTITY_HEADER]: token } })).json()).toEqual({ identity: null });
  const errors = lines.filter((line) => line.level === 50);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ service: 'catalog', header: 'x-shop-identity', reason: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
  expect(String(errors[0]!.msg)).toContain('IDENTITY_SECRET');
  expect(identityRejections()).toEqual({ ...before, invalid: before.invalid + 1 });

  (await app.inject({ url: '/who', headers: { [IDENTITY_HEADER]: 'not-a-jwt' } })).json();
  expect(identityRejections().invalid).toBe(before.invalid + 2);
  await app.close();
});

test('an expired identity is counted apart and logged as a warning', async () => {
  const { app, lines } = await serviceWith(SECRET);
  const before = identityRejections();
  const token = await signIdentity({ userId: 'u1', role: 'customer' }, SECRET, -5);
  expect((await app.inject({ url: '/who', headers: { [IDENTITY_HEADER]: token } })).json()).toEqual({ identity: null });
  expect(lines.filter((line) => line.level === 40)).toHaveLength(1);
  expect(identityRejections()).toEqual({ ...before, expired: before.expired + 1 });
  await app.close();
});
