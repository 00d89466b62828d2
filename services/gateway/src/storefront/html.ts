import { AGE_ANSWERED_ATTRIBUTE, ENTRY_FORM_ACTIONS, STOREFRONT_COOKIES } from '@shop/contracts';

/**
 * First-response head data for the shell's index.html (services/gateway/README.md:
 * crawlers and link previews need it without running scripts). The shell's head manager
 * later updates the same tags, found by their `data-shop-head` mark.
 */
export interface HeadData {
  title: string;
  robots: string;
  /** Absolute canonical URL, or null (not-found page). */
  canonical: string | null;
  description?: string;
  ogType?: 'website' | 'product' | 'article';
  ogImage?: string | null;
  /** JSON-LD objects. */
  structuredData?: Array<Record<string, unknown>>;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON for a <script> data block: '<' escaped so no value can close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * `html` with the first match of `pattern` replaced by `text` as it is. A replacer function,
 * because a replacement string expands `$&`, `$'` and `` $` `` (a URL or a staff page title may
 * hold them, and would splice parts of the template into the page).
 */
const replaceLiterally = (html: string, pattern: string | RegExp, text: string) => html.replace(pattern, () => text);

const meta = (key: string, attribute: 'name' | 'property', content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" data-shop-head="${key}">`;

/** Returns `html` with its <title> replaced and the head tags added before </head>. */
export function injectHead(html: string, head: HeadData): string {
  const tags = [
    meta('robots', 'name', head.robots),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" data-shop-head="canonical">` : '',
    head.description ? meta('description', 'name', head.description) : '',
    meta('og:title', 'property', head.title),
    head.description ? meta('og:description', 'property', head.description) : '',
    meta('og:type', 'property', head.ogType ?? 'website'),
    head.canonical ? meta('og:url', 'property', head.canonical) : '',
    head.ogImage ? meta('og:image', 'property', head.ogImage) : '',
    meta('og:locale', 'property', 'de_DE'),
    meta('twitter:card', 'name', head.ogImage ? 'summary_large_image' : 'summary'),
    ...(head.structuredData ?? []).map(
      (data) => `<script type="application/ld+json" data-shop-head="json-ld">${jsonForScript(data)}</script>`,
    ),
  ].join('');
  return replaceLiterally(
    replaceLiterally(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`),
    '</head>',
    `${tags}</head>`,
  );
}

/**
 * Startup data of the shell, inlined into the first HTML so it renders without first fetching
 * /remotes.json and /shop-config.json (both stay available for the dev server and other hosts).
 * Read by shell/src/bootstrap.tsx from `<script id="shop-boot">`.
 */
export interface BootData {
  remotes: unknown;
  shopConfig: unknown;
}

/** Returns `html` with the boot data block and the preload links added before </head>. */
export function injectStartup(html: string, boot: BootData, preloads: ReadonlyArray<{ href: string; as: 'script' | 'style' }>): string {
  const links = preloads.map(({ href, as }) =>
    // A remote's CSS is a stylesheet right away: the server-rendered page needs it for its first
    // paint; when the remote's chunk loads later, its CSS loader finds the link and adds none.
    as === 'style' ? `<link rel="stylesheet" href="${escapeHtml(href)}">` : `<link rel="preload" href="${escapeHtml(href)}" as="${as}">`,
  );
  const block = `<script type="application/json" id="shop-boot">${jsonForScript(boot)}</script>`;
  return replaceLiterally(html, '</head>', `${links.join('')}${block}</head>`);
}

/**
 * The page's one inline script (with the response's CSP nonce), before any other, for taps made
 * while the JavaScript loads (docs/decisions/forms-first.md):
 * - 'Ich bin 18+' is answered in the page: the age flag's session cookie is set, and
 *   `<html data-age-verified>` hides the gate's veil (shell.css); the shell confirms the answer
 *   once hydrated. No page load: the gate's answer is nothing but that cookie. Every other form
 *   (and 'Nein') is submitted natively and answered by the server.
 * - Once one submission has gone out natively (its submit event was not cancelled: React had not
 *   taken the form over), every later submit on the page is stopped before React sees it, so a
 *   second tap while the answer is on its way, even one after hydration, can neither send it
 *   again nor also run the enhanced handler: each tap acts exactly once.
 */
export function injectEarlyForms(html: string, nonce: string, secureCookies: boolean): string {
  const cookie = `${STOREFRONT_COOKIES.ageVerified}=1; path=/; samesite=lax${secureCookies ? '; secure' : ''}`;
  const script =
    `<script nonce="${escapeHtml(nonce)}">(function(){var p=null,d=document,h=d.documentElement;` +
    `d.addEventListener('submit',function(e){` +
    `if(p&&!p.defaultPrevented){e.preventDefault();e.stopImmediatePropagation();return}p=e;` +
    `var s=e.submitter;if(!h.hasAttribute('data-hydrated')&&e.target.getAttribute('action')===${jsonForScript(ENTRY_FORM_ACTIONS.ageGate)}` +
    `&&s&&s.value==='ja'){e.preventDefault();d.cookie=${jsonForScript(cookie)};h.setAttribute(${jsonForScript(AGE_ANSWERED_ATTRIBUTE)},'')}},true);` +
    // A page restored from the back/forward cache starts over.
    `addEventListener('pageshow',function(){p=null})})()</script>`;
  return replaceLiterally(html, '</title>', `</title>${script}`);
}
