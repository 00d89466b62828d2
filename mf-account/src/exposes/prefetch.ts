import type { PageId } from '@shop/routes';
import type { RemotePrefetch } from '@shop/shell-api';
import { authApi, authFormKeys } from '../api/auth-api';

/**
 * The data of the account pages' first screen for the server renderer: the answer of the login
 * or registration form sent without JavaScript (the entries and the German errors by field), read
 * once as the visitor. Both routes are `sessionRendered` (`sessionFetch`: the visitor's cookies,
 * through the gateway, whose HTML then goes out `private, no-store`). Without a session fetch
 * nothing is read. Server build only (webpack.config.ts `server.exposes`).
 */
const prefetch: RemotePrefetch = async ({ page, queryClient, sessionFetch }) => {
  if (!sessionFetch) return;
  const account = page as PageId<'account'>;
  if (account === 'login')
    await queryClient.prefetchQuery({ queryKey: authFormKeys.login, queryFn: () => authApi.loginFormOutcome({ fetchImpl: sessionFetch }) });
  if (account === 'register')
    await queryClient.prefetchQuery({
      queryKey: authFormKeys.register,
      queryFn: () => authApi.registerFormOutcome({ fetchImpl: sessionFetch }),
    });
};

export default prefetch;
