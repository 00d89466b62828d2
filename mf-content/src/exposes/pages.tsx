import type { ComponentType } from 'react';
import type { PageId, RemotePagesProps } from '@shop/routes';
import { CustomPageView, INFORMATION_PAGES, InformationPageView } from '../features/pages/information-page';
import { BlogListPage } from '../features/blog/blog-list-page';
import { ContactPage } from '../features/contact/contact-page';
import { BlogPostPage } from '../features/blog/blog-post-page';
import { NewsletterConfirmPage, NewsletterUnsubscribePage } from '../features/newsletter/newsletter-link-pages';
import '../styles/content.css';

const information = (page: keyof typeof INFORMATION_PAGES) => {
  const { slug, title } = INFORMATION_PAGES[page];
  return function Information() {
    return <InformationPageView slug={slug} title={title} />;
  };
};

const PAGES: Record<PageId<'content'>, ComponentType> = {
  'blog-list': BlogListPage,
  'blog-post': BlogPostPage,
  contact: ContactPage,
  shipping: information('shipping'),
  returns: information('returns'),
  imprint: information('imprint'),
  privacy: information('privacy'),
  terms: information('terms'),
  'youth-protection': information('youth-protection'),
  about: information('about'),
  'withdrawal-policy': information('withdrawal-policy'),
  'battery-information': information('battery-information'),
  accessibility: information('accessibility'),
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
