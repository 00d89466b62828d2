/** Where remote files lie and which of them the public may fetch. */
import path from 'node:path';
import { inReleasesDir, localEntry, publicBuildFile } from './remote-store';

const store = { staticRoot: '/srv/shop', releasesDir: '/srv/releases' };

test('publicBuildFile: server folders, build and release records and precompressed copies never, source maps only when the operator serves them', () => {
  expect(publicBuildFile('/remoteEntry.js', false)).toBe(true);
  expect(publicBuildFile('/server/remoteEntry.js', true)).toBe(false);
  expect(publicBuildFile('server/build-id.json', true)).toBe(false);
  expect(publicBuildFile('/325.abc.js.map', false)).toBe(false);
  expect(publicBuildFile('/325.abc.js.map', true)).toBe(true);
  expect(publicBuildFile('/servers.js', false)).toBe(true);
  expect(publicBuildFile('/325.abc.js.br', false)).toBe(false);
  // The same rules one folder down, in a release.
  expect(publicBuildFile('/0123456789ab/remoteEntry.js', false)).toBe(true);
  expect(publicBuildFile('/0123456789ab/server/remoteEntry.js', true)).toBe(false);
  expect(publicBuildFile('/0123456789ab/release.json', false)).toBe(false);
  expect(publicBuildFile('/contracts.json', false)).toBe(false);
  expect(publicBuildFile('/0123456789ab/contracts.json', false)).toBe(false);
  expect(publicBuildFile('/0123456789ab/325.abc.js.map', false)).toBe(false);
  expect(publicBuildFile('/build-id.json', false)).toBe(false);
  expect(publicBuildFile('/325.abc.js.gz', false)).toBe(false);
});

test('publicBuildFile decides on the file the server opens: dot segments, doubled slashes and case resolved; a backslash or a way out refused', () => {
  expect(publicBuildFile('/x/../server/main.js', false)).toBe(false);
  expect(publicBuildFile('/./server/main.js', false)).toBe(false);
  expect(publicBuildFile('//server/main.js', false)).toBe(false);
  expect(publicBuildFile('/0123456789ab/./release.json', false)).toBe(false);
  expect(publicBuildFile('/x/../0123456789ab/server/remoteEntry.js', false)).toBe(false);
  expect(publicBuildFile('/main.js.map/.', false)).toBe(false);
  expect(publicBuildFile('/main.js.br/.', false)).toBe(false);
  expect(publicBuildFile('/Server/main.js', false)).toBe(false);
  expect(publicBuildFile('/main.js.MAP', false)).toBe(false);
  expect(publicBuildFile('/x\\..\\server\\main.js', false)).toBe(false);
  expect(publicBuildFile('/../mf-cart/dist/remoteEntry.js', false)).toBe(false);
  // Public files stay public however they are spelled.
  expect(publicBuildFile('/x/../main.js', false)).toBe(true);
  expect(publicBuildFile('/./0123456789ab/remoteEntry.js', false)).toBe(true);
});

test('localEntry: the tree build, a release, and entries served elsewhere', () => {
  expect(localEntry(store, '/remotes/cart/mf-manifest.json')).toEqual({
    folder: path.join('/srv/shop', 'mf-cart', 'dist'),
    base: '/remotes/cart/',
  });
  expect(localEntry(store, '/remotes/cart/0123456789ab/mf-manifest.json')).toEqual({
    folder: path.join('/srv/releases', 'cart', '0123456789ab'),
    base: '/remotes/cart/0123456789ab/',
  });
  expect(localEntry(store, 'https://cdn.example.de/cart/mf-manifest.json')).toBeNull();
  expect(localEntry(store, '/remotes/cart/../mf-manifest.json')).toBeNull();
});

test('inReleasesDir: only files inside the store', () => {
  expect(inReleasesDir(store, '/srv/releases/cart/0123456789ab/remoteEntry.js')).toBe(true);
  expect(inReleasesDir(store, '/srv/shop/mf-cart/dist/remoteEntry.js')).toBe(false);
  expect(inReleasesDir(store, '/srv/releases-old/cart/x.js')).toBe(false);
});
