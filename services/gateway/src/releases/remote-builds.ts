import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import fastifyStatic from '@fastify/static';
import { REMOTE_NAMES } from '@shop/contracts';
import { remoteFolders, type RemoteStore } from './remote-store';

/**
 * The remotes' builds and releases for the gateway's own server renderer, on an address the public never
 * reaches: 127.0.0.1 and a port the system picks (shell/README.md 'Server rendering'). The
 * Module Federation node runtime loads each remote's server container (`server/remoteEntry.js`
 * and its chunks) and the two `build-id.json` files from here over HTTP, as it would from a remote
 * store (SSR_REMOTES_ORIGIN), while the public gateway refuses `server/` (publicBuildFile). Same
 * URL space as the public one: `/remotes/<slice>/…` and `/remotes/<slice>/<version>/…` (remote-store.ts).
 * @returns the origin (`http://127.0.0.1:<port>`) and how to stop it.
 */
export async function startRemoteBuildsServer(
  store: RemoteStore,
  log: FastifyBaseLogger,
): Promise<{ origin: string; close: () => Promise<void> }> {
  // Only errors: every file the renderer reads would otherwise be a request line.
  const server = Fastify({
    loggerInstance: log.child({ listener: 'remote-builds' }),
    logController: new LogController({ disableRequestLogging: true }),
  });
  for (const name of REMOTE_NAMES) {
    await server.register(fastifyStatic, {
      root: remoteFolders(store, name),
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
