import { CATEGORY_DEFINITIONS } from '@shop/contracts';

/**
 * The categories the storefront puts forward, in one place. Spec §2 'Home': round shortcuts
 * 7K, 9K, S10K, 12K … 40K (Tornado 10000 is not among them), and a carousel for each of them
 * but 40K.
 */
export const HOME_CATEGORY_IDS = [
  'cat-tornado-7000',
  'cat-tornado-9000',
  'cat-shisha-10000',
  'cat-tornado-12000',
  'cat-tornado-15000',
  'cat-tornado-20000',
  'cat-tornado-25000',
  'cat-tornado-30000',
  'cat-tornado-35000',
  'cat-tornado-40000',
] as const;

/** The home page's carousels (spec §2 'Home'), in order. */
export const CAROUSEL_IDS = HOME_CATEGORY_IDS.filter((id) => id !== 'cat-tornado-40000');

/**
 * The product page's round model chips: every model of the catalogue's taxonomy, derived from it
 * (spec §9 names nine and leaves out Tornado 10000 and 40000, which the shop sells too), the
 * Tornado line by puff count, the shisha line last.
 */
export const BADGE_IDS = [
  ...CATEGORY_DEFINITIONS.filter((category) => category.line === 'tornado').sort((a, b) => a.puffCount - b.puffCount),
  ...CATEGORY_DEFINITIONS.filter((category) => category.line === 'shisha'),
].map((category) => category.id);
