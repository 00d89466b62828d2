/**
 * JSON-LD building blocks for page heads (`/internal/page-head` of the services that own pages):
 * schema.org objects as plain records, absolute URLs from the public origin.
 */

/** A schema.org BreadcrumbList of `[name, path]` pairs, first to last. */
export function breadcrumbList(origin: string, items: Array<[name: string, path: string]>): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], index) => ({ '@type': 'ListItem', position: index + 1, name, item: `${origin}${path}` })),
  };
}
