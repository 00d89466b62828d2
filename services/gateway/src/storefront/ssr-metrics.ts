import { shopCounter, shopHistogram, HTTP_DURATION_BUCKETS_S } from '@shop/service-kit';

/**
 * The gateway's server rendering in Prometheus (shell/README.md 'Server rendering'):
 * - `shop_ssr_renders_total{remote}`: storefront pages rendered on the server, by the remote
 *   that owns the page's route (`shell` for the not-found page);
 * - `shop_ssr_client_fallbacks_total{remote}`: parts of those pages left to the browser instead
 *   (a remote's server build failed, was too slow for the budget, or disagreed with its browser
 *   build); the alert 'SSR falling back' compares the two;
 * - `shop_ssr_render_duration_seconds{remote}`: from the start of the render to the last byte of
 *   its HTML.
 */
export const ssrRenders = shopCounter({
  name: 'shop_ssr_renders_total',
  help: 'Storefront pages rendered on the server, by the remote owning the page.',
  labelNames: ['remote'] as const,
});

export const ssrClientFallbacks = shopCounter({
  name: 'shop_ssr_client_fallbacks_total',
  help: 'Parts of server-rendered pages left to the browser, by remote.',
  labelNames: ['remote'] as const,
});

export const ssrRenderDuration = shopHistogram({
  name: 'shop_ssr_render_duration_seconds',
  help: 'Duration of a server render, from its start to the last byte of its HTML, by the remote owning the page.',
  labelNames: ['remote'] as const,
  buckets: HTTP_DURATION_BUCKETS_S,
});
