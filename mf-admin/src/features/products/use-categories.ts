import { useQuery } from '@tanstack/react-query';
import { productsApi } from '../../api/products-api';

/** The shop's categories for filters and the editor (rarely change: kept for 5 minutes). */
export function useCategories() {
  return useQuery({ queryKey: ['categories'], queryFn: productsApi.categories, staleTime: 300_000 });
}
