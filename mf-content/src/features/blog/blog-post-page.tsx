import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { isUnknownAddress } from '@shop/api-client';
import { mediaSrcSet, type BlogPost } from '@shop/contracts';
import { productLink } from '@shop/catalog-rules';
import { formatDate, formatEurDecimal } from '@shop/format';
import { Breadcrumb, LoadFailed, Spinner } from '@shop/ui';
import { useSeo, useShopConfig } from '@shop/shell-api';
import { contentQueries } from '../../api/content-queries';
import { useShopLinks } from '../../hooks/use-shop-links';
import { BlogCard } from './blog-card';
import { BLOG_PARAMS, BLOG_PATH } from './blog-paths';

/** 'Passende Produkte' of a guide's category: a link list with current prices (the catalogue's API). */
function CategoryProducts({ categorySlug }: { categorySlug: string }) {
  const products = useQuery(contentQueries.categoryProducts(categorySlug));
  if (products.status !== 'success' || products.data.length === 0) return null;
  return (
    <section className="content-post__products" aria-labelledby="content-post-products">
      <h2 id="content-post-products">Passende Produkte</h2>
      <ul>
        {products.data.map((product) => (
          <li key={product.id}>
            <Link to={productLink(product)}>{product.name}</Link> <span>{formatEurDecimal(product.salePrice ?? product.price)}</span>
          </li>
        ))}
      </ul>
      <p>
        <Link to={`/kategorien/${categorySlug}`}>Alle Produkte dieser Kategorie</Link>
      </p>
    </section>
  );
}

function Article({ post }: { post: BlogPost }) {
  const config = useShopConfig();
  // The body's links are plain <a> from the sanitised HTML: links inside the shop navigate without a reload.
  const followShopLinks = useShopLinks();
  return (
    <article className="content-post">
      <h1>{post.title}</h1>
      <p className="content-post__meta">
        <time dateTime={post.publishedAt}>{formatDate(new Date(post.publishedAt))}</time> · {post.readingMinutes} Min. Lesezeit ·{' '}
        {post.author}
      </p>
      {post.isDemo && config.environment === 'development' && (
        <p className="shop-demo-notice" role="note">
          Demoinhalt: Dieser Beitrag gehört zu den Beispielinhalten der Entwicklungsumgebung.
        </p>
      )}
      {post.coverImage && (
        // Decorative: the title says what the post is about. Fixed ratio, so nothing moves when it loads.
        <img
          className="content-post__cover"
          src={post.coverImage}
          srcSet={mediaSrcSet(post.coverImage)}
          sizes="(min-width: 48rem) 48rem, 100vw"
          alt=""
          width={1200}
          height={630}
          decoding="async"
        />
      )}
      {/* Sanitised by the content service (sanitize-html allowlist: no script, no handlers, no javascript: links). */}
      <div className="content-post__body" onClick={followShopLinks} dangerouslySetInnerHTML={{ __html: post.html }} />
      {post.categorySlug && <CategoryProducts categorySlug={post.categorySlug} />}
      {post.related.length > 0 && (
        <section className="content-post__related" aria-labelledby="content-post-related">
          <h2 id="content-post-related">Weitere Beiträge</h2>
          <ul className="content-blog-list">
            {post.related.map((related) => (
              <li key={related.id}>
                <BlogCard post={related} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/**
 * /randm-tornado-vape-blog/{slug} (spec §2): the post, its category's products and
 * related posts. An unknown post says so (the first HTML already came with status 404).
 */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = useQuery(contentQueries.blogPost(slug));
  const notFound = post.status === 'error' && isUnknownAddress(post.error);
  useSeo(
    post.status === 'success'
      ? { title: post.data.seoTitle, description: post.data.seoDescription, canonical: `${BLOG_PATH}/${post.data.slug}` }
      : { title: notFound ? 'Beitrag nicht gefunden' : 'Blog', robots: 'noindex, follow' },
  );
  const crumbs = [
    { label: 'Home', href: '/' },
    { label: 'Blog', href: BLOG_PATH },
    { label: post.status === 'success' ? post.data.title : 'Beitrag' },
  ];
  return (
    <section className="shop-page content-page">
      <Breadcrumb items={crumbs} renderLink={({ label, href }) => <Link to={href}>{label}</Link>} />
      {post.status === 'pending' && <Spinner label="Beitrag wird geladen…" />}
      {post.status === 'success' && <Article post={post.data} />}
      {notFound && (
        <>
          <h1>Beitrag nicht gefunden</h1>
          <p>
            Diesen Beitrag gibt es nicht (mehr). <Link to={BLOG_PATH}>Zu allen Beiträgen</Link>
          </p>
        </>
      )}
      {post.status === 'error' && !notFound && (
        <LoadFailed message="Der Beitrag konnte nicht geladen werden." onRetry={() => void post.refetch()} />
      )}
      {post.status === 'success' && post.data.categorySlug && (
        <p>
          <Link to={`${BLOG_PATH}?${BLOG_PARAMS.category}=${post.data.categorySlug}`}>Alle Beiträge zu dieser Kategorie</Link>
        </p>
      )}
    </section>
  );
}
