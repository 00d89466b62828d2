import type { ServerRenderer, ServerRendererOptions } from '@shop/contracts';

/**
 * Entry of the shell's server build (`dist/server/main.js`, loaded by the gateway). The render
 * code sits behind a dynamic import, as the browser's bootstrap: Module Federation first sets
 * up the shared singletons, then React and the shell load.
 */
export function createServerRenderer(options: ServerRendererOptions): ServerRenderer {
  const renderer = import('./render').then((module) => module.createServerRenderer(options));
  return {
    render: async (request) => (await renderer).render(request),
    warm: async (manifest) => (await renderer).warm(manifest),
  };
}
