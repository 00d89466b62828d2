import type { FastifyInstance } from 'fastify';
import { privatePathPrefixes, ROUTES, type RouteDefinition } from '@shop/routes';
import type { ServiceName } from '../proxy/routing-table';
import { fetchSitemapEntries } from './service-head';

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `/robots.txt` (development: nothing indexed, spec §2 'Other'; otherwise every page but the
 * private ones) and `/sitemap.xml`: the public pages of the route table plus every service's
 * entries (categories, products, blog posts, information pages), each cached for an hour.
 */
export async function seoFiles(
  app: FastifyInstance,
  opts: { development: boolean; publicOrigin: string; services: Record<ServiceName, string>; internalSecret: string },
) {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = opts.development
      ? ['User-agent: *', 'Disallow: /']
      : [
          'User-agent: *',
          'Allow: /',
          ...privatePathPrefixes().map((prefix) => `Disallow: ${prefix}`),
          `Sitemap: ${opts.publicOrigin}/sitemap.xml`,
        ];
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return `${lines.join('\n')}\n`;
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = opts.publicOrigin;
    // Public pages without parameters, each once (second addresses name their canonical page).
    const staticPaths = (ROUTES as readonly RouteDefinition[]).filter((r) => !r.path.includes(':') && !r.private && !r.canonicalPath);
    const serviceEntries = (
      await Promise.all(Object.values(opts.services).map((url) => fetchSitemapEntries(url, opts.internalSecret, request.log)))
    ).flat();
    const urls = [
      ...staticPaths.map((r) => `<url><loc>${escapeXml(origin + r.path)}</loc></url>`),
      ...serviceEntries.map((e) => `<url><loc>${escapeXml(origin + e.path)}</loc><lastmod>${escapeXml(e.lastModified)}</lastmod></url>`),
    ];
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  });
}
