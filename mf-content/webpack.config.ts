import { createFederatedConfig } from '@shop/webpack-config';

/** Remote 'content': built to dist/ with mf-manifest.json; served by the gateway at /remotes/content/. */
export default createFederatedConfig({
  name: 'content',
  dir: __dirname,
  devPort: 3004,
  exposes: { './pages': './src/exposes/pages.tsx', './newsletter': './src/exposes/newsletter.tsx' },
});
