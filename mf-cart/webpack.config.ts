import { createFederatedBuilds } from '@shop/webpack-config';

/** Remote 'cart': built to dist/ with mf-manifest.json; served by the gateway at /remotes/cart/. */
const exposes = { './pages': './src/exposes/pages.tsx', './cart-button': './src/exposes/cart-button.tsx' };

export default createFederatedBuilds({
  name: 'cart',
  dir: __dirname,
  devPort: 3002,
  exposes,
  server: { exposes: { ...exposes, './prefetch': './src/exposes/prefetch.ts' } },
});
