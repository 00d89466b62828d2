import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { isUnknownAddress } from '@shop/api-client';
import { formatTextVersion } from '@shop/format';
import { Breadcrumb, LoadFailed, Spinner } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import type { InformationPageSlug } from '@shop/contracts';
import type { PageId } from '@shop/routes';
import { contentQueries } from '../../api/content-queries';
import { useShopLinks } from '../../hooks/use-shop-links';

/** The information and legal pages of the route table: the text's slug at the content service and the page's name. */
export const INFORMATION_PAGES = {
  shipping: { slug: 'versand', title: 'Versand und Zahlung' },
  returns: { slug: 'rueckgabe', title: 'Rückgabe und Rücknahme alter Geräte' },
  imprint: { slug: 'impressum', title: 'Impressum' },
  privacy: { slug: 'datenschutz', title: 'Datenschutzerklärung' },
  terms: { slug: 'agb', title: 'Allgemeine Geschäftsbedingungen' },
  'youth-protection': { slug: 'jugendschutz', title: 'Jugendschutz' },
  about: { slug: 'ueber-uns', title: 'Über uns' },
  'withdrawal-policy': { slug: 'widerrufsbelehrung', title: 'Widerrufsbelehrung' },
  'battery-information': { slug: 'batterie-hinweise', title: 'Hinweise zu Batterien' },
  accessibility: { slug: 'barrierefreiheit', title: 'Erklärung zur Barrierefreiheit' },
} as const satisfies Partial<Record<PageId<'content'>, { slug: InformationPageSlug; title: string }>>;

/**
 * An information or legal page, or a page staff made (/seite/{slug}): the
 * text from the content service, filled with the operator's details, with its version date
 * ('Stand'). While details are missing (development) a notice says so; the gaps are highlighted
 * in the text. A staff-made page that does not exist or is offline says so (the first HTML
 * already came with status 404).
 */
export function InformationPageView({ slug, title }: { slug: string; title: string }) {
  const page = useQuery(contentQueries.page(slug));
  const followShopLinks = useShopLinks();
  const notFound = page.status === 'error' && isUnknownAddress(page.error);
  useSeo(
    page.status === 'success'
      ? { title: page.data.title, description: page.data.description, canonical: page.data.path }
      : { title: notFound ? 'Seite nicht gefunden' : title, robots: notFound ? 'noindex, follow' : undefined },
  );
  return (
    <section className="shop-page content-page">
      <Breadcrumb
        items={[{ label: 'Home', href: '/' }, { label: title }]}
        renderLink={({ label, href }) => <Link to={href}>{label}</Link>}
      />
      <h1>{page.status === 'success' ? page.data.title : notFound ? 'Seite nicht gefunden' : title}</h1>
      {page.status === 'pending' && <Spinner label="Seite wird geladen…" />}
      {notFound && (
        <p>
          Diese Seite gibt es nicht (mehr). <Link to="/">Zur Startseite</Link>
        </p>
      )}
      {page.status === 'error' && !notFound && (
        <LoadFailed message="Diese Seite konnte nicht geladen werden." onRetry={() => void page.refetch()} />
      )}
      {page.status === 'success' && (
        <>
          {page.data.incomplete && (
            <p className="shop-demo-notice" role="note">
              Entwurf: Es fehlen Angaben des Shopbetreibers (markiert). Im Produktivbetrieb startet der Shop erst, wenn alle gesetzt sind.
            </p>
          )}
          {/* Sanitised by the content service (sanitize-html allowlist). */}
          <div className="content-legal" onClick={followShopLinks} dangerouslySetInnerHTML={{ __html: page.data.html }} />
          <p className="content-legal__version">Stand: {formatTextVersion(page.data.version)}</p>
        </>
      )}
    </section>
  );
}

/** /seite/{slug}: a page staff made in the back office. */
export function CustomPageView() {
  const { slug = '' } = useParams();
  return <InformationPageView slug={slug} title="Seite" />;
}
