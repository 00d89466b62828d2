/**
 * `npm run dev`: the remotes and the shell on webpack-dev-server with hot reload
 * (shell :3000, remotes :3001–3005), the services in watch mode (tsx watch), and the gateway
 * pointing its /remotes.json at the dev servers. Open http://localhost:3000.
 */
import path from 'node:path';
import { step, info } from './lib/log';
import { provideDatabase } from './lib/database';
import { ProcessGroup, run, waitForOk } from './lib/run';
import { GATEWAY_PORT, LOCAL_MONGO_PORT, ROOT, SERVICE_PORTS, SLICES } from './lib/paths';

const REMOTE_DEV_PORTS = { catalog: 3001, cart: 3002, account: 3003, content: 3004, admin: 3005 } as const;

async function main() {
  // Services in watch mode and the dev servers import the shared packages' compiled output.
  step('Compiling shared packages (tsc -b)');
  await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b']);
  step('Starting the database');
  const database = await provideDatabase({
    port: Number(process.env.FERRETDB_PORT ?? LOCAL_MONGO_PORT),
    dataDir: path.join(ROOT, 'data', 'ferretdb'),
  });
  const group = new ProcessGroup();
  const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
  const env = { ...process.env, NODE_ENV: 'development', LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty' };

  step('Starting services in watch mode');
  for (const slice of SLICES) {
    group.spawn(slice, process.execPath, [tsx, 'watch', 'src/server.ts'], {
      cwd: path.join(ROOT, 'services', slice),
      env: { ...env, PORT: String(SERVICE_PORTS[slice]), MONGODB_URI: database.uri },
    });
  }
  step('Starting remote dev servers');
  for (const slice of SLICES) group.spawn(`mf-${slice}`, 'npm', ['run', 'dev', '-w', `mf-${slice}`], { env });
  group.spawn('shell', 'npm', ['run', 'dev', '-w', 'shell'], { env });

  step('Starting the gateway');
  const remoteEntries = Object.fromEntries(
    SLICES.map((slice) => [`REMOTE_${slice.toUpperCase()}_ENTRY`, `http://localhost:${REMOTE_DEV_PORTS[slice]}/mf-manifest.json`]),
  );
  group.spawn('gateway', process.execPath, [tsx, 'watch', 'src/server.ts'], {
    cwd: path.join(ROOT, 'services', 'gateway'),
    env: {
      ...env,
      PORT: String(GATEWAY_PORT),
      SHOP_ENVIRONMENT: 'development',
      // The dev servers hold browser builds only: pages render in the browser here (`npm start`
      // serves them server-rendered; shell/README.md 'Server rendering').
      SSR: 'off',
      EXTRA_ALLOWED_ORIGINS: 'http://localhost:3000',
      ...remoteEntries,
    },
  });
  await waitForOk(`http://127.0.0.1:${GATEWAY_PORT}/healthz`);
  info('Open http://localhost:3000 (shell dev server, hot reload). Ctrl+C stops everything.');

  const stop = async () => {
    await group.stopAll();
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
