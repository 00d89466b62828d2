import { useEffect, useRef, useState } from 'react';
import { FOOTER_NEWSLETTER } from '@shop/routes';
import { RemoteSlot } from '../federation/remote-component';

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

/**
 * The content slice's newsletter sign-up in the footer (issue #12). It loads once the footer
 * comes within PRELOAD_MARGIN of the screen after the shopper scrolled (or, on pages too short
 * to scroll, a few seconds after the load): no page's first load pays for it
 * (docs/performance.md budgets). Its box keeps its height meanwhile.
 */
export function FooterNewsletter() {
  const box = useRef<HTMLDivElement>(null);
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
  }, [near]);
  return (
    <div ref={box} className="shell-site-footer__newsletter" data-testid="slot-newsletter">
      {near && <RemoteSlot remote={FOOTER_NEWSLETTER.remote} exposed={FOOTER_NEWSLETTER.exposed} />}
    </div>
  );
}
