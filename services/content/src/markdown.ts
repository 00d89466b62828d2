/** Markdown and HTML of editors and templates made safe to show (blog posts, information pages). */
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { PLACEHOLDER_PATTERN } from './pages/operator-settings';

/** Markdown as editors write it: no raw HTML passes the parser (the sanitiser would drop it anyway). */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/**
 * What a post body may contain after sanitising (sanitize-html): text structure, links, images
 * and tables. No script, style, iframe or form; no event handler or style attribute; links only
 * http(s), mailto and site-relative (no javascript: or data: URLs); images only https or from
 * the shop itself. External links open as before but carry rel="noopener noreferrer nofollow".
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'b',
    'i',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'code',
    'pre',
    'figure',
    'figcaption',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A heading level 1 belongs to the page; a body's top level is h2.
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow' } : attribs };
    },
  },
};

/** Any HTML made safe to show in the shop (post bodies from editors or imports). */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/**
 * An information page's Markdown as safe HTML. `==[text]==` marks a missing operator detail
 * (development only) and becomes a highlighted <mark>.
 */
export function renderPageBody(markdownText: string): string {
  const html = markdown.render(markdownText).replace(PLACEHOLDER_PATTERN, '<mark>[$1]</mark>');
  return sanitizeHtml(html, { ...SANITIZE_OPTIONS, allowedTags: [...(SANITIZE_OPTIONS.allowedTags as string[]), 'mark'] });
}

/** A Markdown body as safe HTML: rendered, then sanitised like any other HTML. */
export function renderPostBody(body: string, format: 'markdown' | 'html'): string {
  return sanitizePostHtml(format === 'markdown' ? markdown.render(body) : body);
}

/** Reading time in whole minutes (at least 1) at 200 words a minute, counted on the text without markup. */
export function readingMinutes(html: string): number {
  const words = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
