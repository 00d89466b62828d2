import type { ComponentType } from 'react';
import { UnderConstruction } from '@shop/ui';
import type { PageId, RemotePagesProps } from '@shop/routes';
import { BlogListPage } from '../features/blog/blog-list-page';
import { BlogPostPage } from '../features/blog/blog-post-page';
import { NewsletterConfirmPage, NewsletterUnsubscribePage } from '../features/newsletter/newsletter-link-pages';
import '../styles/content.css';

/** Information pages that the next part of issue #12 builds from operator settings; until then they say so. */
const notYet = (title: string, text: string) =>
  function NotYetBuilt() {
    return <UnderConstruction title={title}>{text}</UnderConstruction>;
  };

const PAGES: Record<PageId<'content'>, ComponentType> = {
  'blog-list': BlogListPage,
  'blog-post': BlogPostPage,
  contact: notYet('Kontakt', 'Das Kontaktformular entsteht gerade. Sie erreichen uns per E-Mail (siehe unten).'),
  shipping: notYet('Versand', 'Die Versandinformationen werden gerade erstellt.'),
  returns: notYet('Rückgabe', 'Die Informationen zu Rückgabe und Widerruf werden gerade erstellt.'),
  imprint: notYet('Impressum', 'Das Impressum wird gerade erstellt.'),
  privacy: notYet('Datenschutz', 'Die Datenschutzerklärung wird gerade erstellt.'),
  terms: notYet('AGB', 'Die Allgemeinen Geschäftsbedingungen werden gerade erstellt.'),
  'youth-protection': notYet('Jugendschutz', 'Die Informationen zum Jugendschutz werden gerade erstellt.'),
  about: notYet('Über uns', 'Diese Seite wird gerade erstellt.'),
  'newsletter-confirm': NewsletterConfirmPage,
  'newsletter-unsubscribe': NewsletterUnsubscribePage,
};

/** Content pages, selected by the route table's page id (@shop/routes). */
export default function ContentPages({ page }: RemotePagesProps<'content'>) {
  const Page = PAGES[page];
  if (!Page) throw new Error(`mf-content: unknown page '${page}'`);
  return <Page />;
}
