/**
 * The categories the storefront puts forward, in one place. Spec §2 'Home': round shortcuts
 * 7K, 9K, S10K, 12K … 40K (Tornado 10000 is not among them), and a carousel for each of them
 * but 40K; spec §9: the product page's round badges are the carousels' categories with the
 * shisha line last.
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

/** The product page's round category badges (spec §9). */
export const BADGE_IDS = [
  ...CAROUSEL_IDS.filter((id) => !id.startsWith('cat-shisha-')),
  ...CAROUSEL_IDS.filter((id) => id.startsWith('cat-shisha-')),
];
