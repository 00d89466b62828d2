import { createFederatedBuilds } from '@shop/webpack-config';

/** Remote 'content': built to dist/ with mf-manifest.json; served by the gateway at /remotes/content/. */
const exposes = { './pages': './src/exposes/pages.tsx', './newsletter': './src/exposes/newsletter.tsx' };

export default createFederatedBuilds({
  name: 'content',
  dir: __dirname,
  devPort: 3004,
  exposes,
  server: { exposes: { ...exposes, './prefetch': './src/exposes/prefetch.ts' } },
});
