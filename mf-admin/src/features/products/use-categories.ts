import { useQuery } from '@tanstack/react-query';
import { productsApi } from '../../api/products-api';

/** The shop's categories for filters and the editor (rarely change: kept for 5 minutes). */
export function useCategories() {
  return useQuery({ queryKey: ['categories'], queryFn: productsApi.categories, staleTime: 300_000 });
}

/** Category id → name, for a select's Options. */
export const categoryLabels = (categories: ReadonlyArray<{ id: string; name: string }>) =>
  Object.fromEntries(categories.map((category) => [category.id, category.name]));
