import { Link } from 'react-router-dom';
import type { InformationPageSlug } from '@shop/contracts';
import { formatDate } from '@shop/format';
import { Breadcrumb, LoadFailed, Spinner } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { pagesApi } from '../../api/pages-api';
import { useLoader } from '../use-loader';
import { useShopLinks } from '../use-shop-links';

/**
 * An information or legal page (issue #12): the text from the content service, filled with the
 * operator's details, with its version date ('Stand'). While details are missing (development)
 * a notice says so; the gaps are highlighted in the text.
 */
export function InformationPageView({ slug, title }: { slug: InformationPageSlug; title: string }) {
  const page = useLoader(slug, () => pagesApi.get(slug));
  const followShopLinks = useShopLinks();
  useSeo(
    page.status === 'ready'
      ? { title: page.data.title, description: page.data.description, canonical: `/${slug}` }
      : { title, canonical: `/${slug}` },
  );
  return (
    <section className="shop-page content-page">
      <Breadcrumb
        items={[{ label: 'Home', href: '/' }, { label: title }]}
        renderLink={({ label, href }) => <Link to={href}>{label}</Link>}
      />
      <h1>{page.status === 'ready' ? page.data.title : title}</h1>
      {page.status === 'loading' && <Spinner label="Seite wird geladen…" />}
      {page.status === 'error' && <LoadFailed message="Diese Seite konnte nicht geladen werden." onRetry={page.retry} />}
      {page.status === 'ready' && (
        <>
          {page.data.incomplete && (
            <p className="shop-demo-notice" role="note">
              Entwurf: Es fehlen Angaben des Shopbetreibers (markiert). Im Produktivbetrieb startet der Shop erst, wenn alle gesetzt sind.
            </p>
          )}
          {/* Sanitised by the content service (sanitize-html allowlist). */}
          <div className="content-legal" onClick={followShopLinks} dangerouslySetInnerHTML={{ __html: page.data.html }} />
          <p className="content-legal__version">Stand: {formatDate(new Date(`${page.data.version}T12:00:00Z`))}</p>
        </>
      )}
    </section>
  );
}
