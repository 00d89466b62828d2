import { createFederatedConfig } from '@shop/webpack-config';

/** Remote 'catalog': built to dist/ with mf-manifest.json; served by the gateway at /remotes/catalog/. */
export default createFederatedConfig({
  name: 'catalog',
  dir: __dirname,
  devPort: 3001,
  exposes: { './pages': './src/exposes/pages.tsx', './search-box': './src/exposes/search-box.tsx' },
});
