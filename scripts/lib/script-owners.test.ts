import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  RESPONSE_HEADERS,
  UNKNOWN_OWNER,
  bytesByOwner,
  ownedScripts,
  ownersText,
  responseHeaderBytes,
  scriptOwnersReader,
} from './script-owners';

describe('script owners', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'script-owners-'));
    const records = {
      'shell/dist': { 'main.js': { bytes: 900, owners: [{ owner: 'Module Federation runtime', share: 1 }] } },
      'mf-catalog/dist': {
        'remoteEntry.js': { bytes: 300, owners: [{ owner: 'Module Federation runtime', share: 1 }] },
        '311.ab.js': {
          bytes: 5000,
          owners: [
            { owner: 'react-dom', share: 0.995 },
            { owner: 'scheduler', share: 0.005 },
          ],
        },
      },
    };
    for (const [dist, record] of Object.entries(records)) {
      await mkdir(path.join(root, dist), { recursive: true });
      await writeFile(path.join(root, dist, 'chunk-owners.json'), JSON.stringify(record));
    }
  });

  afterAll(() => rm(root, { recursive: true, force: true }));

  it("reads a script's owners from the build of the app that serves its path", () => {
    const ownersOf = scriptOwnersReader(root);
    expect(ownersOf('/main.js')).toEqual([{ owner: 'Module Federation runtime', share: 1 }]);
    expect(ownersOf('/remotes/catalog/311.ab.js').map((entry) => entry.owner)).toEqual(['react-dom', 'scheduler']);
    // Not in any record: another file, a remote without a build, a published release's folder.
    expect(ownersOf('/311.ab.js')).toEqual([]);
    expect(ownersOf('/remotes/cart/remoteEntry.js')).toEqual([]);
    expect(ownersOf('/remotes/catalog/0123456789ab/remoteEntry.js')).toEqual([]);
  });

  it('sorts scripts by transfer, names owners of 1 % or more, and splits bodies by share plus the headers', () => {
    const scripts = ownedScripts(
      [
        { pathname: '/main.js', transferBytes: 1300, bodyBytes: 1000 },
        { pathname: '/remotes/catalog/311.ab.js', transferBytes: 2300, bodyBytes: 2000 },
        { pathname: '/gone.js', transferBytes: 500, bodyBytes: 200 },
      ],
      scriptOwnersReader(root),
    );
    expect(scripts.map((script) => script.pathname)).toEqual(['/remotes/catalog/311.ab.js', '/main.js', '/gone.js']);
    expect(scripts.map((script) => ownersText(script.owners))).toEqual([
      'react-dom 100 %',
      'Module Federation runtime 100 %',
      UNKNOWN_OWNER,
    ]);
    expect(bytesByOwner(scripts)).toEqual([
      { owner: 'react-dom', bytes: 1990 },
      { owner: 'Module Federation runtime', bytes: 1000 },
      { owner: RESPONSE_HEADERS, bytes: 900 },
      { owner: UNKNOWN_OWNER, bytes: 200 },
      { owner: 'scheduler', bytes: 10 },
    ]);
  });

  it('measures a response header block as sent', async () => {
    const server: Server = createServer((_request, response) => {
      response.setHeader('x-long', 'y'.repeat(100));
      response.end('console.log(1)');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { total, headers } = await responseHeaderBytes(`http://127.0.0.1:${port}/main.js`);
      expect(headers[0]).toEqual({ name: 'x-long', bytes: 'x-long: '.length + 100 + 2 });
      // Status line and blank line around the header lines.
      expect(total).toBe('HTTP/1.1 200 OK\r\n'.length + headers.reduce((sum, header) => sum + header.bytes, 0) + 2);
    } finally {
      server.close();
    }
  });
});
