import { createFederatedConfig } from '@shop/webpack-config';

/** Remote 'account': built to dist/ with mf-manifest.json; served by the gateway at /remotes/account/. */
export default createFederatedConfig({
  name: 'account',
  dir: __dirname,
  devPort: 3003,
  exposes: { './pages': './src/exposes/pages.tsx', './account-menu': './src/exposes/account-menu.tsx' },
});
