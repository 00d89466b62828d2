import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { matchRoute } from '@shop/routes';
import type { SeoData } from '@shop/contracts';
import { on } from '@shop/event-bus';
import { useShopConfig } from '@shop/shell-api';

/** Finds the head element marked `data-shop-head=key` (the gateway marks the ones it wrote), or creates it. */
function headElement<K extends 'meta' | 'link' | 'script'>(tag: K, key: string, init: (el: HTMLElementTagNameMap[K]) => void) {
  let element = document.head.querySelector<HTMLElementTagNameMap[K]>(`${tag}[data-shop-head="${key}"]`);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute('data-shop-head', key);
    init(element);
    document.head.appendChild(element);
  }
  return element;
}

function setMeta(key: string, attribute: 'name' | 'property', value: string | undefined) {
  if (value === undefined) {
    document.head.querySelector(`meta[data-shop-head="${key}"]`)?.remove();
    return;
  }
  headElement('meta', key, (el) => el.setAttribute(attribute, key)).setAttribute('content', value);
}

/**
 * Writes SEO data to <head> (spec §2 'Other', §3 'SEO data'): title, description, keywords,
 * robots, canonical, Open Graph, Twitter card and JSON-LD. On each route change it resets to
 * the route's title; pages send their own data through `useSeo` ('shell:seo' event).
 * Robots: a development deployment is always 'noindex, nofollow'; otherwise the page's value
 * or 'index, follow'.
 */
export function HeadManager() {
  const { pathname } = useLocation();
  const { environment, shopName, publicOrigin } = useShopConfig();

  useEffect(() => {
    const apply = (seo: SeoData) => {
      document.title = seo.title.includes(shopName) ? seo.title : `${seo.title} | ${shopName}`;
      setMeta('description', 'name', seo.description);
      setMeta('keywords', 'name', seo.keywords);
      setMeta('robots', 'name', environment === 'development' ? 'noindex, nofollow' : (seo.robots ?? 'index, follow'));
      setMeta('og:title', 'property', seo.ogTitle ?? seo.title);
      setMeta('og:description', 'property', seo.ogDescription ?? seo.description);
      setMeta('og:image', 'property', seo.ogImage);
      setMeta('twitter:card', 'name', seo.twitterCard ?? 'summary_large_image');
      // One origin everywhere: a page's path ('/kontakt') or absolute URL, on the configured public
      // origin as in the gateway's first HTML, never on the host the browser happened to use.
      const canonical = headElement('link', 'canonical', (el) => (el.rel = 'canonical'));
      canonical.href = new URL(seo.canonical ?? window.location.pathname, publicOrigin).href;
      setMeta('og:url', 'property', canonical.href);
      document.head.querySelectorAll('script[data-shop-head="json-ld"]').forEach((el) => el.remove());
      for (const data of seo.structuredData ?? []) {
        const script = document.createElement('script');
        script.type = 'application/ld+json';
        script.setAttribute('data-shop-head', 'json-ld');
        script.textContent = JSON.stringify(data);
        document.head.appendChild(script);
      }
    };
    const route = matchRoute(pathname)?.route;
    // Until the page sets its own: the table's title, private pages and unknown addresses not indexed,
    // a second address pointing at its canonical page (the gateway's first HTML does the same).
    const defaults: Pick<SeoData, 'robots' | 'canonical'> = {
      robots: !route || route.private ? 'noindex, nofollow' : undefined,
      canonical: route?.canonicalPath ? `${publicOrigin}${route.canonicalPath}` : undefined,
    };
    apply({ title: route ? route.title : 'Seite nicht gefunden', ...defaults });
    // A page's own head keeps the table's private flag: a cart page never becomes indexable.
    return on('shell:seo', (seo) => apply({ ...defaults, ...seo, robots: defaults.robots ?? seo.robots }));
  }, [pathname, environment, shopName, publicOrigin]);

  return null;
}
