import type { ComponentType } from 'react';
import type { PageId, RemotePagesProps } from '@shop/routes';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { VerifyEmailPage } from '../features/auth/verify-email-page';
import { OrdersPage } from '../features/orders/orders-page';
import { OrderPage } from '../features/orders/order-page';
import { ProfilePage } from '../features/profile/profile-page';
import { ChangePasswordPage } from '../features/profile/change-password-page';
import { WishlistPage } from '../features/wishlist/wishlist-page';
import '../styles/account.css';

const PAGES: Record<PageId<'account'>, ComponentType> = {
  login: LoginPage,
  register: RegisterPage,
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
  'verify-email': VerifyEmailPage,
  'change-password': ChangePasswordPage,
  wishlist: WishlistPage,
  profile: ProfilePage,
  orders: OrdersPage,
  'order-detail': OrderPage,
};

/** Account pages, selected by the route table's page id (@shop/routes). */
export default function AccountPages({ page }: RemotePagesProps<'account'>) {
  const Page = PAGES[page];
  if (!Page) throw new Error(`mf-account: unknown page '${page}'`);
  return <Page />;
}
