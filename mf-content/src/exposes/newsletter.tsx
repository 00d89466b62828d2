import { NewsletterSignup } from '../features/newsletter/newsletter-signup';
import '../styles/content.css';

/** The newsletter sign-up the shell mounts in the footer (@shop/routes FOOTER_NEWSLETTER). */
export default function NewsletterWidget() {
  return <NewsletterSignup />;
}
