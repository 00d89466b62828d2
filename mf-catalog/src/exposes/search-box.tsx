import { ShopQueryProvider } from '@shop/shell-api';
import { SearchBox } from '../features/search/search-box';
import '../styles/catalog.css';

/** Header search widget exposed to the shell. */
export default function SearchBoxWidget() {
  return (
    <ShopQueryProvider>
      <SearchBox />
    </ShopQueryProvider>
  );
}
