import { createFederatedConfig } from '@shop/webpack-config';

/** Remote 'admin': built to dist/ with mf-manifest.json; served by the gateway at /remotes/admin/. */
export default createFederatedConfig({
  name: 'admin',
  dir: __dirname,
  devPort: 3005,
  exposes: { './pages': './src/exposes/pages.tsx' },
});
