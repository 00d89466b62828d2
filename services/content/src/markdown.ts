/** Markdown and HTML of editors and templates made safe to show (blog posts, information pages). */
import MarkdownIt from 'markdown-it';
import { plainText, sanitizeRichText } from '@shop/rich-text';
import { PLACEHOLDER_PATTERN } from './pages/operator-settings';

/** Markdown as editors write it: no raw HTML passes the parser (the sanitiser would drop it anyway). */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/**
 * The footnote marker of statutory texts, '(*)' (the model withdrawal form of Anlage 2 zu Art.
 * 246a EGBGB: 'ich/wir (*) den von mir/uns (*)'). In Markdown two of them would enclose emphasis
 * and lose their asterisks; legal texts render verbatim, so the marker is always a literal one.
 */
const FOOTNOTE_MARKER = /\(\*\)/g;

/**
 * An information page's Markdown as safe HTML. `==[text]==` marks a missing operator detail
 * (development only) and becomes a highlighted <mark>; '(*)' stays as written (FOOTNOTE_MARKER).
 */
export function renderPageBody(markdownText: string): string {
  const html = markdown.render(markdownText.replace(FOOTNOTE_MARKER, '(\\*)')).replace(PLACEHOLDER_PATTERN, '<mark>[$1]</mark>');
  return sanitizeRichText(html, ['mark']);
}

/** A Markdown body as safe HTML: rendered, then sanitised like any other HTML. */
export function renderPostBody(body: string, format: 'markdown' | 'html'): string {
  return sanitizeRichText(format === 'markdown' ? markdown.render(body) : body);
}

/** Reading time in whole minutes (at least 1) at 200 words a minute, counted on the text without markup. */
export function readingMinutes(html: string): number {
  const words = plainText(html).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
