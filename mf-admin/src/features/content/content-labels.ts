import type { PageKind, PostState } from '@shop/contracts/admin';
import { formatTextVersion } from '@shop/format';

/** German labels of a post's state for staff. */
export const POST_STATE_LABELS: Record<PostState, string> = {
  draft: 'Entwurf',
  scheduled: 'Geplant',
  published: 'Veröffentlicht',
};

export const PAGE_KIND_LABELS: Record<PageKind, string> = {
  legal: 'Rechtstext',
  information: 'Information',
  custom: 'Eigene Seite',
};

/** A page's text version as German staff read it: 'Stand 24.11.2026' ('noch nicht veröffentlicht' for none). */
export const versionText = (textVersion: string | null) =>
  textVersion ? `Stand ${formatTextVersion(textVersion)}` : 'noch nicht veröffentlicht';
