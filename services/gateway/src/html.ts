/**
 * First-response head data for the shell's index.html (docs/architecture.md 'Gateway':
 * crawlers and link previews need title, robots and canonical without running scripts).
 * The shell's head manager later updates the same tags, found by their `data-shop-head` mark.
 */
export interface HeadData {
  title: string;
  robots: string;
  /** Absolute canonical URL, or null (not-found page). */
  canonical: string | null;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Returns `html` with its <title> replaced and robots/canonical tags added before </head>. */
export function injectHead(html: string, head: HeadData): string {
  const tags = [
    `<meta name="robots" content="${escapeHtml(head.robots)}" data-shop-head="robots">`,
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" data-shop-head="canonical">` : '',
  ].join('');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace('</head>', `${tags}</head>`);
}
