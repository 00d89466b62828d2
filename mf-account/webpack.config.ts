import { createFederatedBuilds } from '@shop/webpack-config';

/** Remote 'account': built to dist/ with mf-manifest.json; served by the gateway at /remotes/account/. */
const exposes = { './pages': './src/exposes/pages.tsx', './account-menu': './src/exposes/account-menu.tsx' };

export default createFederatedBuilds({
  name: 'account',
  dir: __dirname,
  devPort: 3003,
  exposes,
  server: { exposes: { ...exposes, './prefetch': './src/exposes/prefetch.ts' } },
});
