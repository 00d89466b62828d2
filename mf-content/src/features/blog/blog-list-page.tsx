import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Breadcrumb, LoadFailed, Spinner } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { contentQueries } from '../../api/content-queries';
import { BlogCard } from './blog-card';
import { BLOG_PARAMS, BLOG_PATH, blogListPosition } from './blog-paths';

/** The category filter: the catalogue's categories (their names as the shop shows them). */
function CategoryFilter({ value, onChange }: { value: string | null; onChange: (slug: string | null) => void }) {
  const categories = useQuery(contentQueries.blogCategories());
  const options = categories.status === 'success' ? categories.data : [];
  return (
    <label className="content-blog-filter">
      <span>Kategorie</span>
      <select value={value ?? ''} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">Alle Beiträge</option>
        {options.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Page links: previous, 'Seite x von y', next; the page lives in the URL (`?seite=`). */
function Pager({ page, totalPages, hrefOf }: { page: number; totalPages: number; hrefOf: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="content-pager" aria-label="Seiten">
      {page > 1 ? <Link to={hrefOf(page - 1)}>← Neuere Beiträge</Link> : <span />}
      <span aria-current="page">
        Seite {page} von {totalPages}
      </span>
      {page < totalPages ? <Link to={hrefOf(page + 1)}>Ältere Beiträge →</Link> : <span />}
    </nav>
  );
}

/**
 * /randm-tornado-vape-blog (spec §1, §2): guides and articles, newest first, nine a
 * page, with a category filter. Page and filter are in the URL, so every list can be linked and
 * the back button works.
 */
export function BlogListPage() {
  const [params, setParams] = useSearchParams();
  const { page, category } = blogListPosition(params);
  useSeo({ title: 'Ratgeber und Blog', robots: page > 1 || category ? 'noindex, follow' : undefined });
  const list = useQuery(contentQueries.blogList(page, category));
  const hrefOf = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set(BLOG_PARAMS.page, String(target));
    else next.delete(BLOG_PARAMS.page);
    const query = next.toString();
    return query ? `${BLOG_PATH}?${query}` : BLOG_PATH;
  };
  const filter = (slug: string | null) => {
    const next = new URLSearchParams();
    if (slug) next.set(BLOG_PARAMS.category, slug);
    setParams(next);
  };
  return (
    // The whole width for the cards (the text column's 48rem left ~40 % of a desktop empty).
    <section className="shop-page content-blog-page">
      <Breadcrumb
        items={[{ label: 'Home', href: '/' }, { label: 'Blog' }]}
        renderLink={({ label, href }) => <Link to={href}>{label}</Link>}
      />
      <h1>Ratgeber und Blog</h1>
      <p className="content-lead">
        Sachliche Informationen zu den RandM-Modellen: Zugzahl, Nikotin, Akku und Laden, Rückgabe und Jugendschutz.
      </p>
      <CategoryFilter value={category} onChange={filter} />
      {list.status === 'pending' && <Spinner label="Beiträge werden geladen…" />}
      {list.status === 'error' && <LoadFailed message="Die Beiträge konnten nicht geladen werden." onRetry={() => void list.refetch()} />}
      {list.status === 'success' && (
        <>
          {list.data.posts.length === 0 ? (
            <p>
              Hier gibt es keine Beiträge. <Link to={BLOG_PATH}>Alle Beiträge anzeigen</Link>
            </p>
          ) : (
            <ul className="content-blog-list">
              {list.data.posts.map((post) => (
                <li key={post.id}>
                  <BlogCard post={post} />
                </li>
              ))}
            </ul>
          )}
          <Pager page={list.data.page} totalPages={list.data.totalPages} hrefOf={hrefOf} />
        </>
      )}
    </section>
  );
}
