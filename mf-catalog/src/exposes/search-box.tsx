import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../config/query-client';
import { SearchBox } from '../features/search/search-box';
import '../styles/catalog.css';

/** Header search widget exposed to the shell. */
export default function SearchBoxWidget() {
  return (
    <QueryClientProvider client={queryClient}>
      <SearchBox />
    </QueryClientProvider>
  );
}
