import type { PageHead } from '@shop/contracts';
import { breadcrumbList } from '@shop/service-kit';
import { categoryText, FALLBACK_META_DESCRIPTION, isSoldOut, productLink, productMetaDescription } from '@shop/catalog-rules';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';

const stripHtml = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const staticHead = (title: string, canonicalPath: string, description = FALLBACK_META_DESCRIPTION): PageHead => ({
  title,
  description,
  canonicalPath,
  ogImage: null,
  ogType: 'website',
  structuredData: [],
});

/**
 * Head of a catalogue page for its first HTML: title, the description text of
 * spec §2, canonical path, Open Graph data and JSON-LD (Product with an Offer in EUR and its
 * availability; BreadcrumbList). Null when the page's category or product does not exist.
 * `origin` is the public origin for absolute URLs in JSON-LD. The Product's `aggregateRating`
 * comes only from approved reviews of verified buyers, and only while `reviewsEnabled`. `query` is
 * the address's query string: all products with `search` is a search result, titled 'Suche: …'
 * as the page titles itself, and not indexed.
 */
export function pageHeadFor(catalog: CatalogSnapshot, path: string, origin: string, reviewsEnabled: boolean, query = ''): PageHead | null {
  const clean = decodeURIComponent(path.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
  const lower = clean.toLowerCase();
  if (lower === '/') return staticHead('RandM Tornado Einweg-Vapes kaufen', '/');
  if (lower === '/randm-tornado-vape-alle-produkte' || lower === '/alle-produkte') {
    const search = new URLSearchParams(query).get('search')?.trim();
    const head = staticHead('Alle RandM Tornado Produkte', '/randm-tornado-vape-alle-produkte');
    return search ? { ...head, title: `Suche: ${search}`, robots: 'noindex, follow' } : head;
  }
  if (lower === '/kategorien') {
    return {
      ...staticHead(
        'Alle Kategorien',
        '/kategorien',
        'Alle RandM-Modelle im Überblick: Tornado 7000 bis 40000 und Shisha 10000, mit Preisen.',
      ),
      structuredData: [
        breadcrumbList(origin, [
          ['Home', '/'],
          ['Kategorien', '/kategorien'],
        ]),
      ],
    };
  }

  const categoryMatch = /^\/kategorien\/([a-z0-9-]{1,100})$/.exec(lower);
  if (categoryMatch) {
    const category = catalog.categories.find((c) => c.slug === categoryMatch[1]);
    if (!category) return null;
    return {
      title: `${category.name} kaufen`,
      description: categoryText(category.slug)?.metaDescription ?? FALLBACK_META_DESCRIPTION,
      canonicalPath: `/kategorien/${category.slug}`,
      ogImage: null,
      ogType: 'website',
      structuredData: [
        breadcrumbList(origin, [
          ['Home', '/'],
          ['Kategorien', '/kategorien'],
          [category.name, `/kategorien/${category.slug}`],
        ]),
      ],
    };
  }

  const pair = /^\/kategorien\/([a-z0-9-]{1,100})\/([a-z0-9-]{1,100})$/.exec(lower);
  const single = /^\/produkt\/([a-z0-9-]{1,100})$/.exec(lower);
  if (!pair && !single) return null;
  const product = (pair ? catalog.productBySlug(pair[2]!, pair[1]) : catalog.productBySlug(single![1]!))?.api;
  // An inactive product has no public page: the gateway answers 404.
  if (!product?.isActive) return null;
  const category = catalog.categories.find((c) => c.id === product.categoryId);
  const canonicalPath = productLink(product);
  const image = product.images[0] ? `${origin}${product.images[0]}` : null;
  return {
    title: product.name,
    description: productMetaDescription(product),
    canonicalPath,
    ogImage: image,
    ogType: 'product',
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        sku: product.sku,
        ...(product.gtin ? { gtin: product.gtin } : {}),
        brand: { '@type': 'Brand', name: product.brand },
        description: stripHtml(product.description),
        ...(image ? { image: [image] } : {}),
        ...(reviewsEnabled && product.rating
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: product.rating.average,
                reviewCount: product.rating.count,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
        offers: {
          '@type': 'Offer',
          url: `${origin}${canonicalPath}`,
          priceCurrency: 'EUR',
          price: product.salePrice ?? product.price,
          itemCondition: 'https://schema.org/NewCondition',
          availability: isSoldOut(product) ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
        },
      },
      breadcrumbList(origin, [
        ['Home', '/'],
        ['Kategorien', '/kategorien'],
        [category?.name ?? product.category, `/kategorien/${product.category}`],
        [product.name, canonicalPath],
      ]),
    ],
  };
}

/** Every category and every active product with its last change (sitemap.xml). */
export function sitemapEntries(catalog: CatalogSnapshot) {
  const lastModified = (iso: string) => iso;
  return [
    ...catalog.categories.map((c) => ({ path: `/kategorien/${c.slug}`, lastModified: lastModified(latestOf(catalog, c.id)) })),
    ...catalog.products
      .filter((p) => p.api.isActive)
      .map((p) => ({ path: productLink(p.api), lastModified: lastModified(p.api.updatedAt) })),
  ];
}

/** Newest change among a category's products (the category page changes with them). */
function latestOf(catalog: CatalogSnapshot, categoryId: string): string {
  let latest = '1970-01-01T00:00:00.000Z';
  for (const p of catalog.products) if (p.api.categoryId === categoryId && p.api.updatedAt > latest) latest = p.api.updatedAt;
  return latest;
}
