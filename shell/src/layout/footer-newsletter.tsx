import { useEffect, useRef, useState } from 'react';
import { FOOTER_NEWSLETTER, type FooterNewsletterProps } from '@shop/routes';
import { ServerIsland } from '../federation/server-island';

/** How far below the screen the footer may still be when the sign-up starts loading. */
const PRELOAD_MARGIN = '300px';

/** Pages too short to scroll show their footer at once: they arm the sign-up after this wait (ms). */
const SHORT_PAGE_WAIT_MS = 4000;

/**
 * Resolves at the shopper's first scroll, or SHORT_PAGE_WAIT_MS after the page's load event:
 * while a page is still loading its footer is briefly on screen, and that must not count.
 */
function afterFirstLoad(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  const scrolled = new Promise<void>((resolve) => window.addEventListener('scroll', () => resolve(), { once: true, passive: true }));
  const waited = loaded.then(() => new Promise<void>((resolve) => setTimeout(resolve, SHORT_PAGE_WAIT_MS)));
  return Promise.race([scrolled, waited]);
}

/** True once `box` came within PRELOAD_MARGIN of the screen after the first load. */
function useNearScreen(box: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    let observer: IntersectionObserver | undefined;
    let active = true;
    void afterFirstLoad().then(() => {
      if (!active) return;
      if (typeof IntersectionObserver === 'undefined') return setNear(true);
      observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
        rootMargin: PRELOAD_MARGIN,
      });
      observer.observe(element);
    });
    return () => {
      active = false;
      observer?.disconnect();
    };
  }, [box, near]);
  return near;
}

/** What the shopper typed into the server's form, and whether they are typing there now. */
function typedInto(island: HTMLElement | null): FooterNewsletterProps {
  const field = island?.querySelector<HTMLInputElement>('input[name="email"]');
  return { defaultEmail: field?.value ?? '', autoFocus: Boolean(field && field === document.activeElement) };
}

/**
 * The content slice's newsletter sign-up in the footer (spec §2 'newsletter signup block';
 * docs/decisions/forms-first.md), a ServerIsland:
 * - The server renders it into every page's first HTML: a form of the content service that works
 *   before the JavaScript and without it (a submit goes to the server and comes back with its
 *   answer as a flash notice).
 * - The browser loads the module only once the footer comes within PRELOAD_MARGIN of the screen
 *   after the shopper scrolled (or, on pages too short to scroll, a few seconds after the load), so
 *   no page's first load pays for its script (docs/performance.md). Then the live sign-up takes the
 *   form's place, with what was typed and the focus carried over.
 */
export function FooterNewsletter() {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box);
  return (
    <ServerIsland
      module={FOOTER_NEWSLETTER}
      needed={near}
      takeOver={typedInto}
      boxRef={box}
      className="shell-site-footer__newsletter"
      testId="slot-newsletter"
    />
  );
}
