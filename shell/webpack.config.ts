import path from 'node:path';
import { createFederatedBuilds } from '@shop/webpack-config';

/** The host. Remotes are not known at build time: bootstrap.tsx registers them from /remotes.json. */
export default createFederatedBuilds({
  name: 'shell',
  dir: __dirname,
  devPort: 3000,
  host: { template: path.join(__dirname, 'public', 'index.html'), devProxyTarget: 'http://127.0.0.1:8080' },
  // The server renderer the gateway loads.
  server: { entry: './src/server/index.ts' },
});
