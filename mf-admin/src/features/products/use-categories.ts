import { useQuery } from '@tanstack/react-query';
import { productsQueries } from './products-queries';

/** The shop's categories for filters and the editor (rarely change: kept for 5 minutes). */
export function useCategories() {
  return useQuery(productsQueries.categories());
}

/** Category id → name, for a select's Options. */
export const categoryLabels = (categories: ReadonlyArray<{ id: string; name: string }>) =>
  Object.fromEntries(categories.map((category) => [category.id, category.name]));
