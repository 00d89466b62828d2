import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CartPage } from '../features/cart-page/cart-page';
import { CheckoutPage } from '../features/checkout/checkout-page';
import { ThankYouPage } from '../features/thank-you/thank-you-page';
import { WithdrawalPage } from '../features/withdrawal/withdrawal-page';
import '../styles/cart.css';
import '../styles/checkout.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

const PAGES: Record<string, () => React.JSX.Element> = { cart: CartPage, checkout: CheckoutPage, 'thank-you': ThankYouPage, withdrawal: WithdrawalPage };

/** Cart slice pages: cart, checkout, thank-you, withdrawal (the shell's route table names them). */
export default function CartPages({ page }: { page: string }) {
  const Page = PAGES[page] ?? CartPage;
  return (
    <QueryClientProvider client={queryClient}>
      <Page />
    </QueryClientProvider>
  );
}
