/**
 * The 11 categories of spec §2 'Category slugs'. The id is cat-tornado-{n} or cat-shisha-10000;
 * the slug is the id with 'cat-' replaced by 'randm-'. Listed in the header order of spec §2
 * 'Header' (7000, 9000, 10000, shisha, 12000 … 40000).
 * Prices and products live in the catalog service; this is only the fixed taxonomy.
 */
export interface CategoryDefinition {
  id: string;
  slug: string;
  name: string;
  puffCount: number;
  line: 'tornado' | 'shisha';
  /** Short label of the round chips (spec §2 'Home': 7K, 9K, S10K …). */
  shortLabel: string;
}

const tornado = (n: number): CategoryDefinition => ({
  id: `cat-tornado-${n}`,
  slug: `randm-tornado-${n}`,
  name: `RandM Tornado ${n}`,
  puffCount: n,
  line: 'tornado',
  shortLabel: `${n / 1000}K`,
});

export const CATEGORY_DEFINITIONS: readonly CategoryDefinition[] = [
  tornado(7000),
  tornado(9000),
  tornado(10000),
  { id: 'cat-shisha-10000', slug: 'randm-shisha-10000', name: 'RandM Shisha 10000', puffCount: 10000, line: 'shisha', shortLabel: 'S10K' },
  ...[12000, 15000, 20000, 25000, 30000, 35000, 40000].map(tornado),
];

/** Display name fallback of spec §2. */
export const CATEGORY_FALLBACK_NAME = 'RandM Vapes';
