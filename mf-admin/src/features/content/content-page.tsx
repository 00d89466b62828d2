import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { AdminPostListQuery, PostState } from '@shop/contracts/admin';
import { formatDateTime } from '@shop/format';
import { href } from '@shop/routes';
import { buttonClass } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { AdminTable } from '../../components/admin-table';
import { ListFilters, SearchFilter, SelectFilter } from '../../components/filter-fields';
import { useListAddress } from '../../hooks/use-list-address';
import { PAGE_KIND_LABELS, POST_STATE_LABELS, versionText } from './content-labels';
import { QueryState } from '../../components/query-state';
import { contentQueries } from './content-queries';

const PER_PAGE = 50;
const STATE_FILTER = { all: 'Alle', ...POST_STATE_LABELS } as const;

function PostList() {
  const { params, page, submitFilters, goTo } = useListAddress(['suche', 'status'], { status: 'all' });
  const state = params.get('status');
  const query: AdminPostListQuery = {
    search: params.get('suche')?.slice(0, 100) || undefined,
    state: state && state in POST_STATE_LABELS ? (state as PostState) : undefined,
    limit: PER_PAGE,
    offset: (page - 1) * PER_PAGE,
  };
  const posts = useQuery(contentQueries.posts(query));
  return (
    <section aria-labelledby="content-posts">
      <div className="admin-page__head">
        <h2 id="content-posts">Blogbeiträge</h2>
        <Link className={buttonClass('primary')} to="/admin/content/blog/new">
          Neuer Beitrag
        </Link>
      </div>
      <ListFilters onSubmit={submitFilters}>
        <SearchFilter name="suche" label="Suche (Titel, Adresse)" defaultValue={query.search} />
        <SelectFilter name="status" label="Status" labels={STATE_FILTER} defaultValue={query.state ?? 'all'} />
      </ListFilters>
      <AdminTable
        query={posts}
        rowsOf={(data) => data.posts}
        texts={{
          loading: 'Beiträge werden geladen…',
          failed: 'Die Beiträge konnten nicht geladen werden.',
          empty: 'Keine Beiträge gefunden.',
          count: (total) => `${total} Beiträge`,
          caption: 'Blogbeiträge',
        }}
        columns={['Titel', 'Status', 'Zuletzt geändert']}
        paging={{ page, perPage: PER_PAGE, onPage: goTo }}
      >
        {(data) =>
          data.posts.map((post) => (
            <tr key={post.id} data-testid="admin-post-row">
              <td data-label="Titel">
                <Link to={href('/admin/content/blog/edit/:id', { id: post.id })}>{post.title}</Link>
                <span className="admin-table__sub">
                  /{post.slug}
                  {post.isDemo && ' · Demo'}
                </span>
              </td>
              <td data-label="Status">
                {POST_STATE_LABELS[post.state]}
                {post.publishedAt && post.state !== 'draft' && (
                  <span className="admin-table__sub">{formatDateTime(new Date(post.publishedAt))}</span>
                )}
              </td>
              <td data-label="Zuletzt geändert">{formatDateTime(new Date(post.updatedAt))}</td>
            </tr>
          ))
        }
      </AdminTable>
    </section>
  );
}

function PageList() {
  const pages = useQuery(contentQueries.pages());
  return (
    <section aria-labelledby="content-pages">
      <div className="admin-page__head">
        <h2 id="content-pages">Seiten und Rechtstexte</h2>
        <Link className={buttonClass('secondary')} to="/admin/content/simple-new">
          Neue Seite
        </Link>
      </div>
      <p className="shop-field__hint">
        Jede Veröffentlichung wird eine neue Fassung mit Datum („Stand“); Bestellungen behalten die Fassung, unter der sie aufgegeben
        wurden.
      </p>
      <QueryState query={pages} loading="Seiten werden geladen…" failed="Die Seiten konnten nicht geladen werden.">
        {(data) => (
          <table className="admin-table">
            <caption className="shop-visually-hidden">Seiten und Rechtstexte</caption>
            <thead>
              <tr>
                <th scope="col">Seite</th>
                <th scope="col">Art</th>
                <th scope="col">Fassung</th>
              </tr>
            </thead>
            <tbody>
              {data.map((page) => (
                <tr key={page.slug} data-testid="admin-page-row">
                  <td data-label="Seite">
                    <Link
                      to={
                        page.kind === 'custom'
                          ? href('/admin/content/simple-edit/:id', { id: page.slug })
                          : href('/admin/content/edit/:id', { id: page.slug })
                      }
                    >
                      {page.title}
                    </Link>
                    <span className="admin-table__sub">{page.path}</span>
                  </td>
                  <td data-label="Art">{PAGE_KIND_LABELS[page.kind]}</td>
                  <td data-label="Fassung">
                    {versionText(page.textVersion)}
                    {page.hasDraft && <span className="admin-table__sub">Entwurf vorhanden</span>}
                    {page.kind === 'custom' && page.textVersion && !page.online && <span className="admin-flag">offline</span>}
                    {page.templateNewer && <span className="admin-flag">Vorlage im Code ist neuer: bitte prüfen</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </section>
  );
}

/**
 * /admin/content (spec §2): the blog posts (search, state, newest change first) and
 * the information and legal pages with their current text version.
 */
export function ContentPage() {
  useSeo({ title: 'Inhalte verwalten', robots: 'noindex, nofollow' });
  return (
    <section className="shop-page admin-page">
      <h1>Inhalte verwalten</h1>
      <PostList />
      <PageList />
    </section>
  );
}
