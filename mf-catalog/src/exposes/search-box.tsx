import type { HeaderSearchProps } from '@shop/routes';
import { ShopQueryProvider } from '@shop/shell-api';
import { SearchBox } from '../features/search/search-box';
import '../styles/catalog.css';

/** The header's search box exposed to the shell (@shop/routes HEADER_SEARCH), with the server form's state it replaces. */
export default function SearchBoxWidget(props: Partial<HeaderSearchProps>) {
  return (
    <ShopQueryProvider>
      <SearchBox {...props} />
    </ShopQueryProvider>
  );
}
