import type { ComponentType } from 'react';
import type { PageId, RemotePagesProps } from '@shop/routes';
import type { InformationPageSlug } from '@shop/contracts';
import { CustomPageView, InformationPageView } from '../features/pages/information-page';
import { BlogListPage } from '../features/blog/blog-list-page';
import { ContactPage } from '../features/contact/contact-page';
import { BlogPostPage } from '../features/blog/blog-post-page';
import { NewsletterConfirmPage, NewsletterUnsubscribePage } from '../features/newsletter/newsletter-link-pages';
import '../styles/content.css';

const information = (slug: InformationPageSlug, title: string) =>
  function Information() {
    return <InformationPageView slug={slug} title={title} />;
  };

const PAGES: Record<PageId<'content'>, ComponentType> = {
  'blog-list': BlogListPage,
  'blog-post': BlogPostPage,
  contact: ContactPage,
  shipping: information('versand', 'Versand und Zahlung'),
  returns: information('rueckgabe', 'Rückgabe und Rücknahme alter Geräte'),
  imprint: information('impressum', 'Impressum'),
  privacy: information('datenschutz', 'Datenschutzerklärung'),
  terms: information('agb', 'Allgemeine Geschäftsbedingungen'),
  'youth-protection': information('jugendschutz', 'Jugendschutz'),
  about: information('ueber-uns', 'Über uns'),
  'withdrawal-policy': information('widerrufsbelehrung', 'Widerrufsbelehrung'),
  'battery-information': information('batterie-hinweise', 'Hinweise zu Batterien'),
  accessibility: information('barrierefreiheit', 'Erklärung zur Barrierefreiheit'),
  'custom-page': CustomPageView,
  'newsletter-confirm': NewsletterConfirmPage,
  'newsletter-unsubscribe': NewsletterUnsubscribePage,
};

/** Content pages, selected by the route table's page id (@shop/routes). */
export default function ContentPages({ page }: RemotePagesProps<'content'>) {
  const Page = PAGES[page];
  if (!Page) throw new Error(`mf-content: unknown page '${page}'`);
  return <Page />;
}
