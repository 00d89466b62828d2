import { createFederatedConfig } from '@shop/webpack-config';

/** Remote 'cart': built to dist/ with mf-manifest.json; served by the gateway at /remotes/cart/. */
export default createFederatedConfig({
  name: 'cart',
  dir: __dirname,
  devPort: 3002,
  exposes: { './pages': './src/exposes/pages.tsx', './cart-button': './src/exposes/cart-button.tsx' },
});
