import { createContext, useContext } from 'react';

/**
 * Whether this page is rendered for a crawler (isbot on the User-Agent): set by the server
 * renderer from the request and by the browser bootstrap from navigator.userAgent, so both
 * render the same first screen. Crawlers get the page without the age gate (spec §4).
 */
export const CrawlerContext = createContext(false);

export const useIsCrawler = () => useContext(CrawlerContext);
