import { CUSTOM_PAGE_PATH, type BlogPost, type PageHead } from '@shop/contracts';
import { breadcrumbList } from '@shop/service-kit';
import type { Posts } from '../blog/posts';
import type { InformationPages } from '../pages/information-pages';

export const BLOG_PATH = '/randm-tornado-vape-blog';
const BLOG_TITLE = 'Ratgeber und Blog';
const BLOG_DESCRIPTION =
  'Ratgeber zu den RandM-Modellen: Zugzahl, Nikotin, Akku und Laden, Entsorgung und Jugendschutz. Sachliche Informationen für Erwachsene.';

/** schema.org BlogPosting of a post (first HTML). */
function blogPosting(post: BlogPost, origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.seoDescription,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: { '@type': 'Organization', name: post.author },
    mainEntityOfPage: `${origin}${BLOG_PATH}/${post.slug}`,
    ...(post.coverImage ? { image: new URL(post.coverImage, origin).toString() } : {}),
    inLanguage: 'de-DE',
  };
}

/**
 * Head of a content page for its first HTML (`GET /internal/page-head`): the blog list, each
 * published post (title, description, canonical, Open Graph 'article', JSON-LD BlogPosting and
 * BreadcrumbList) and each staff-made page at /seite/{slug}. Null for an unknown, draft or future
 * post and for a staff-made page that is unpublished or offline: the gateway answers 404.
 */
export async function contentPageHead(
  { posts, pages }: { posts: Posts; pages: InformationPages },
  path: string,
  origin: string,
): Promise<PageHead | null> {
  const clean = (path.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
  const custom = new RegExp(`^${CUSTOM_PAGE_PATH}/([a-z0-9-]{1,120})$`).exec(clean);
  if (custom) {
    const page = (await pages.customPages()).find((candidate) => candidate.page.slug === custom[1])?.page;
    if (!page) return null;
    return {
      title: page.title,
      description: page.description,
      canonicalPath: page.path,
      ogImage: null,
      ogType: 'website',
      structuredData: [
        breadcrumbList(origin, [
          ['Home', '/'],
          [page.title, page.path],
        ]),
      ],
    };
  }
  if (clean === BLOG_PATH) {
    return {
      title: BLOG_TITLE,
      description: BLOG_DESCRIPTION,
      canonicalPath: BLOG_PATH,
      ogImage: null,
      ogType: 'website',
      structuredData: [
        breadcrumbList(origin, [
          ['Home', '/'],
          ['Blog', BLOG_PATH],
        ]),
      ],
    };
  }
  const match = new RegExp(`^${BLOG_PATH}/([a-z0-9-]{1,120})$`).exec(clean);
  if (!match) return null;
  const post = await posts.bySlug(match[1]!);
  if (!post) return null;
  const canonicalPath = `${BLOG_PATH}/${post.slug}`;
  return {
    title: post.seoTitle,
    description: post.seoDescription,
    canonicalPath,
    ogImage: post.coverImage,
    ogType: 'article',
    structuredData: [
      blogPosting(post, origin),
      breadcrumbList(origin, [
        ['Home', '/'],
        ['Blog', BLOG_PATH],
        [post.title, canonicalPath],
      ]),
    ],
  };
}
