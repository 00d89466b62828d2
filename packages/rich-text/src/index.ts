/**
 * The one HTML allowlist for text staff write and shoppers read (product descriptions
 * were stored and shown as raw HTML). Services sanitise on write and again when they serve, so a
 * record written before a rule changed is still shown safely; browsers render only what a service
 * sanitised. Built on sanitize-html.
 */
import sanitizeHtml from 'sanitize-html';

/** Tags of structured text: headings from h2 (h1 belongs to the page), paragraphs, lists, links, images, tables. */
export const RICH_TEXT_TAGS: readonly string[] = [
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
];

/**
 * What rich text may contain after sanitising: {@link RICH_TEXT_TAGS}. No script, style, iframe,
 * form or input; no event handler or style attribute; links only http(s), mailto and
 * site-relative (no javascript: or data: URLs); images only https or from the shop itself.
 * External links carry rel="noopener noreferrer nofollow". Disallowed tags are dropped with
 * their content when they hold code (script, style), else unwrapped to their text.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow' } : attribs };
    },
  },
};

/**
 * Any HTML made safe to show in the shop.
 * @param extraTags tags a caller adds to the allowlist (information pages: 'mark' for a missing operator detail).
 */
export function sanitizeRichText(html: string, extraTags: readonly string[] = []): string {
  return sanitizeHtml(html, extraTags.length ? { ...OPTIONS, allowedTags: [...RICH_TEXT_TAGS, ...extraTags] } : OPTIONS);
}

/** The text of some HTML without any markup (reading time, search, plain-text e-mails). */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
}
