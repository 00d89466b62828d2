import { createFederatedBuilds } from '@shop/webpack-config';

/** Remote 'catalog': built to dist/ with mf-manifest.json; served by the gateway at /remotes/catalog/. */
const exposes = { './pages': './src/exposes/pages.tsx', './search-box': './src/exposes/search-box.tsx' };

export default createFederatedBuilds({
  name: 'catalog',
  dir: __dirname,
  devPort: 3001,
  exposes,
  server: { exposes: { ...exposes, './prefetch': './src/exposes/prefetch.ts' } },
});
