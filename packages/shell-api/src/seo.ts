import { useEffect } from 'react';
import type { SeoData } from '@shop/contracts';
import { emit } from '@shop/event-bus';

/**
 * Publishes a page's SEO data to the shell's head manager (spec §2 'Other', §3 'SEO data').
 * Call it from a page component; the data is re-sent whenever its JSON changes.
 */
export function useSeo(seo: SeoData): void {
  const key = JSON.stringify(seo);
  useEffect(() => {
    emit('shell:seo', JSON.parse(key) as SeoData);
  }, [key]);
}
