import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { REMOTE_NAMES } from '@shop/contracts';
import { canaryVisitor } from '../releases/canary-visitors';
import type { LiveRemoteVersions } from '../releases/live-remotes';
import { inReleasesDir, publicBuildFile, remoteFolders, type RemoteStore } from '../releases/remote-store';

/** A file name carrying a content hash (`main.3f9a1c2b.js`) never changes: cache it for a year. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|webp|svg)$/;
const PRECOMPRESSED = /\.br$/;
/** A request for a built file (a name with an extension), not a page or the API. */
const STATIC_FILE = /^\/(?!api\/)(?:[^?#]*\/)?[^/?#]+\.[A-Za-z0-9]+$/;
export const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Cache-Control of a served file: immutable when its name carries a hash or it belongs to a release (whose folder never changes). */
function cacheHeaders(store: RemoteStore) {
  return (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
    // The build's precompressed copy (`x.js.br`) is cached as the file it stands for.
    const immutable = inReleasesDir(store, filePath) || HASHED_FILE.test(path.basename(filePath).replace(PRECOMPRESSED, ''));
    res.setHeader('Cache-Control', immutable ? IMMUTABLE : NO_CACHE);
  };
}

/**
 * The built browser files: the shell at `/`, each remote's build in the tree at `/remotes/<slice>/`
 * and its published releases at `/remotes/<slice>/<version>/` (remote-store.ts; hashed files and
 * every file of a release cached immutably; the tree build's entry files and manifests revalidated
 * on every load; each file's brotli copy sent to browsers that accept br, never by its own name;
 * server builds, release records, dotfiles and, unless `sourceMaps`, source maps never), and
 * `/remotes.json`, where the shell finds the remotes: the live release of each slice, else the
 * gateway's configuration, so remotes are swapped without rebuilding the shell.
 */
export async function staticFiles(
  app: FastifyInstance,
  opts: { store: RemoteStore; remotes: LiveRemoteVersions; sourceMaps: boolean; secureCookies: boolean },
) {
  // @fastify/static 9 with several roots (a remote's build and its releases) answers 404 to a
  // client that accepts a precompressed encoding the build has no copy of (gzip: the builds make
  // brotli copies only), instead of sending the file itself (fixed in @fastify/static 10, which
  // changes its path handling). Such a client (an HTTP client or proxy that takes gzip alone) is
  // answered as one that accepts no encoding: the file itself, uncompressed.
  app.addHook('onRequest', async (request) => {
    const accepted = request.headers['accept-encoding'];
    if (accepted && !/\bbr\b/.test(accepted) && STATIC_FILE.test(request.url.split('?')[0] ?? ''))
      request.headers['accept-encoding'] = 'identity';
  });
  const common = {
    index: false,
    wildcard: true,
    // Dotfiles in a build folder (the build stamp .build-inputs) are nobody's business.
    dotfiles: 'ignore',
    // The build's brotli copies (packages/webpack-config), sent when the browser accepts br.
    preCompressed: true,
    setHeaders: cacheHeaders(opts.store),
    cacheControl: false,
  } as const;
  await app.register(fastifyStatic, {
    ...common,
    root: path.join(opts.store.staticRoot, 'shell', 'dist'),
    prefix: '/',
    // '/' is a page (home), answered by the storefront's pages with the shell; the shell's
    // server build is read from disk by the renderer, never served.
    allowedPath: (pathName) => pathName !== '/' && publicBuildFile(pathName, opts.sourceMaps),
  });
  for (const name of REMOTE_NAMES) {
    await app.register(fastifyStatic, {
      ...common,
      root: remoteFolders(opts.store, name),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      allowedPath: (pathName) => publicBuildFile(pathName, opts.sourceMaps),
    });
  }
  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    // The visitor's versions: a canary's share gets its version (canary-visitors.ts).
    const canary = canaryVisitor(request, opts.remotes.canaryRunning(), opts.secureCookies);
    if (canary.setCookie) reply.header('set-cookie', canary.setCookie);
    reply.header('Cache-Control', NO_CACHE).header('Vary', 'Cookie');
    return opts.remotes.manifest(canary.bucket);
  });
}
