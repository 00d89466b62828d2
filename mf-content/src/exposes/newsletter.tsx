import type { FooterNewsletterProps } from '@shop/routes';
import { NewsletterSignup } from '../features/newsletter/newsletter-signup';
import '../styles/content.css';

/** The newsletter sign-up the shell mounts in the footer (@shop/routes FOOTER_NEWSLETTER; no props on the server). */
export default function NewsletterWidget(props: Partial<FooterNewsletterProps>) {
  return <NewsletterSignup {...props} />;
}
