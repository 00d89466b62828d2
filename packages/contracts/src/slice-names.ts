/*
 * The names of slices.ts as plain lists, free of zod: the shell checks its boot data with them on
 * the first load of every page (docs/performance.md 'zod off the first load').
 */

/** The slices that own a remote and a service (docs/architecture.md). */
export const REMOTE_NAMES = ['catalog', 'cart', 'account', 'content', 'admin'] as const;

/** The storefront's presentation modes (PresentationMode of slices.ts: § 19 TabakerzG). */
export const PRESENTATION_MODES = ['marketing', 'factual'] as const;
