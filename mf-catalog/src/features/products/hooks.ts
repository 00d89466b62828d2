import { useQuery } from '@tanstack/react-query';
import { fetchCategories, fetchProducts, type ProductQuery } from '../../api/catalog-api';
import { STALE } from '../../config/query-client';

export const useProducts = (query: ProductQuery, enabled = true) =>
  useQuery({
    queryKey: ['products', query],
    queryFn: () => fetchProducts(query),
    staleTime: STALE.products,
    enabled,
    placeholderData: (previous) => previous,
  });

/** Categories: fresh 60 s, no automatic refresh (spec §7, §9). */
export const useCategories = () => useQuery({ queryKey: ['categories'], queryFn: fetchCategories, staleTime: STALE.categories });
