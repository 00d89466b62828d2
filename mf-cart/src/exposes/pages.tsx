import { lazy, type ComponentType } from 'react';
import type { PageId, RemotePagesProps } from '@shop/routes';
import { ShopQueryProvider } from '@shop/shell-api';
import { CartPage } from '../features/cart-page/cart-page';
import '../styles/cart.css';
// The checkout's, thank-you page's and withdrawal form's styles come with the pages expose, not
// with the lazily loaded pages: the server's HTML links an expose's own CSS only (remote-preloads),
// and a visitor without JavaScript gets that page's form from the server and never loads its chunk.
import '../styles/checkout.css';

// Checkout, thank-you and withdrawal (with the form library and zod) load only when opened, so the
// cart page's first load stays small (docs/performance.md).
const CheckoutPage = lazy(() => import('../features/checkout/checkout-page').then((module) => ({ default: module.CheckoutPage })));
const ThankYouPage = lazy(() => import('../features/thank-you/thank-you-page').then((module) => ({ default: module.ThankYouPage })));
const ReviewUnsubscribePage = lazy(() =>
  import('../features/review-invitations/review-unsubscribe-page').then((module) => ({ default: module.ReviewUnsubscribePage })),
);
const WithdrawalPage = lazy(() => import('../features/withdrawal/withdrawal-page').then((module) => ({ default: module.WithdrawalPage })));

const PAGES: Record<PageId<'cart'>, ComponentType> = {
  cart: CartPage,
  checkout: CheckoutPage,
  'thank-you': ThankYouPage,
  withdrawal: WithdrawalPage,
  'review-unsubscribe': ReviewUnsubscribePage,
};

/** Cart slice pages: cart, checkout, thank-you, withdrawal, the review invitations' opt-out (the shell's route table names them). */
export default function CartPages({ page }: RemotePagesProps<'cart'>) {
  const Page = PAGES[page];
  if (!Page) throw new Error(`mf-cart: unknown page '${page}'`);
  return (
    <ShopQueryProvider>
      <Page />
    </ShopQueryProvider>
  );
}
