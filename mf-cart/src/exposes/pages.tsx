import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { UnderConstruction } from '@shop/ui';
import { CartPage } from '../features/cart-page/cart-page';
import '../styles/cart.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

/** Cart slice pages. Checkout and the thank-you page follow in the next steps of issue #4. */
export default function CartPages({ page }: { page: string }) {
  if (page === 'cart') {
    return (
      <QueryClientProvider client={queryClient}>
        <CartPage />
      </QueryClientProvider>
    );
  }
  if (page === 'checkout') {
    return <UnderConstruction title="Kasse">Die Kasse mit Altersprüfung entsteht gerade. Bestellungen sind noch nicht möglich.</UnderConstruction>;
  }
  return <UnderConstruction title="Vielen Dank">Die Bestellbestätigung entsteht gerade.</UnderConstruction>;
}
