import Fastify from 'fastify';
import { LegalVersionsClient } from './content-reads';

const SECRET = 'test-internal-secret-0123456789-abcdef';
const VERSIONS = { terms: '2026-11-23', withdrawal: '2026-11-23', privacy: '2026-11-20' };

test('reads the versions with the secret, keeps them when the content service goes away, and gives null when it never answered', async () => {
  const content = Fastify();
  let up = true;
  content.get('/internal/legal-versions', async (request, reply) =>
    up && request.headers['x-internal-token'] === SECRET ? VERSIONS : reply.code(503).send({ message: 'down' }),
  );
  const url = await content.listen({ port: 0, host: '127.0.0.1' });
  const log = content.log; // Fastify without a logger: a silent one
  try {
    const client = new LegalVersionsClient(url, SECRET, log);
    expect(await client.current()).toEqual(VERSIONS);
    up = false;
    expect(await client.current()).toEqual(VERSIONS); // cached
    expect(await new LegalVersionsClient(url, SECRET, log).current()).toBeNull();
    expect(await new LegalVersionsClient(url, 'wrong-secret', log).current()).toBeNull();
  } finally {
    await content.close();
  }
});

test('a version staff publish is used by the next order within 2 s', async () => {
  const content = Fastify();
  let versions = VERSIONS;
  content.get('/internal/legal-versions', async () => versions);
  const url = await content.listen({ port: 0, host: '127.0.0.1' });
  try {
    const client = new LegalVersionsClient(url, SECRET, content.log);
    expect(await client.current()).toEqual(VERSIONS);
    versions = { ...VERSIONS, terms: '2026-11-25' };
    const started = Date.now();
    while ((await client.current())?.terms !== '2026-11-25') {
      if (Date.now() - started > 5000) throw new Error('the new version was not used within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(Date.now() - started).toBeLessThan(2500);
  } finally {
    await content.close();
  }
});
