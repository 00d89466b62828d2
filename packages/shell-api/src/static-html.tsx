import { useId, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * What the browser renders into a static part the server already sent: nothing, with hydration
 * told so. React neither hydrates nor replaces the inner HTML of an element whose inner HTML it
 * sets itself (one constant object: React compares it), so the server's HTML stays as it is.
 */
export const SERVER_HTML = { __html: '' };

/** The wrapper is no box of its own: the parts inside stay items of the surrounding grid or flex layout. */
const NO_BOX: CSSProperties = { display: 'contents' };

/** The attribute that marks a static part in the HTML, with its `useId` value. */
const ISLAND_ATTRIBUTE = 'data-static-html';

/**
 * Whether an element with this id came with the server's HTML and is still in the document: then
 * this render is the hydration of that HTML. Read once, when the part mounts.
 */
function sentByServer(id: string): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector(`[${ISLAND_ATTRIBUTE}="${CSS.escape(id)}"]`) !== null;
}

/** A click on a link of the shop inside static HTML: its path, or null for anything else. */
function shopLinkOf(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element).closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * A part of a server-rendered page without anything interactive in it (footer links, the legal
 * notices, SEO texts, a product's description): text and links only, the same for every visitor.
 * - On the server it renders `children` inside a `<div>` marked with its `useId`.
 * - A browser hydrating that HTML keeps it as plain HTML: no component of it runs and nothing of
 *   it costs hydration work (docs/performance.md 'Hydrate less'). Its links still navigate inside
 *   the page (one click handler on the part, as react-router's `Link` would).
 * - Mounted later, by a navigation in the browser, it renders `children` as usual.
 *
 * Only for content that never changes while the page is open: a kept part is not updated when
 * `children` change (give it a `key` of what it shows, e.g. the product id, where the same page
 * component shows another record after a navigation).
 */
export function StaticHtml({ children }: { children: ReactNode }) {
  const id = useId();
  const [kept] = useState(() => sentByServer(id));
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const to = shopLinkOf(event);
    if (to === null) return;
    event.preventDefault();
    navigate(to);
  };
  if (kept)
    return (
      <div
        {...{ [ISLAND_ATTRIBUTE]: id }}
        style={NO_BOX}
        onClick={onClick}
        dangerouslySetInnerHTML={SERVER_HTML}
        suppressHydrationWarning
      />
    );
  return (
    <div {...{ [ISLAND_ATTRIBUTE]: id }} style={NO_BOX}>
      {children}
    </div>
  );
}
