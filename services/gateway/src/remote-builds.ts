import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { RemotesManifest } from '@shop/contracts';

/**
 * Whether a path under a build folder is for the public: not a server build (`server/`, which
 * holds the code that renders pages, loaded only by the gateway itself) and not a source map
 * unless the operator serves them (SOURCE_MAPS=on). `pathname` is relative to the folder.
 */
export function publicBuildFile(pathname: string, sourceMaps: boolean): boolean {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'server') return false;
  // A precompressed copy is sent in place of its file (preCompressed), never asked for by name.
  if (pathname.endsWith('.br')) return false;
  return sourceMaps || !pathname.endsWith('.map');
}

/**
 * The remotes' builds for the gateway's own server renderer, on an address the public never
 * reaches: 127.0.0.1 and a port the system picks (shell/README.md 'Server rendering'). The
 * Module Federation node runtime loads each remote's server container (`server/remoteEntry.js`
 * and its chunks) and the two `build-id.json` files from here over HTTP, as it would from a remote
 * store (SSR_REMOTES_ORIGIN), while the public gateway refuses `server/` (publicBuildFile).
 * @returns the origin (`http://127.0.0.1:<port>`) and how to stop it.
 */
export async function startRemoteBuildsServer(
  staticRoot: string,
  manifest: RemotesManifest,
  log: FastifyBaseLogger,
): Promise<{ origin: string; close: () => Promise<void> }> {
  // Only errors: every file the renderer reads would otherwise be a request line.
  const server = Fastify({
    loggerInstance: log.child({ listener: 'remote-builds' }),
    logController: new LogController({ disableRequestLogging: true }),
  });
  for (const { name } of manifest.remotes) {
    await server.register(fastifyStatic, {
      root: path.join(staticRoot, `mf-${name}`, 'dist'),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      dotfiles: 'ignore',
      index: false,
      wildcard: true,
      cacheControl: false,
    });
  }
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return { origin: address, close: () => server.close() };
}
