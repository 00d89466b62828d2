/**
 * Builds or serves the app in the current folder from its `webpack.config.ts`:
 *   tsx ../packages/webpack-config/src/cli.ts build   → dist/ (production)
 *   tsx ../packages/webpack-config/src/cli.ts serve   → webpack-dev-server with hot reload
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import webpack, { type Configuration } from 'webpack';
import { PACKAGES_DIR } from './index';
import WebpackDevServer from 'webpack-dev-server';

/**
 * Compiles the workspace packages the app references (`tsc -b` on its tsconfig's references,
 * incremental) before a build: the browser build compiles them from their sources
 * (`workspaceSourceAliases`), while the server build and `contracts.json` read their `dist/`, and
 * all three must be the same code. A reference names a package by its folder; the one compiled is
 * the workspace's (also for an app folder copied elsewhere). Skipped when the caller has just
 * compiled them (`npm run build` sets SHOP_PACKAGES_COMPILED=1).
 * @throws Error when a package does not compile.
 */
function compileWorkspacePackages(): void {
  if (process.env.SHOP_PACKAGES_COMPILED === '1') return;
  const tsconfig = JSON.parse(readFileSync('tsconfig.json', 'utf8')) as { references?: Array<{ path: string }> };
  const projects = (tsconfig.references ?? []).map((reference) => path.join(PACKAGES_DIR, path.basename(reference.path)));
  if (projects.length === 0) return;
  const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-b', ...projects], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`compiling the workspace packages of ${path.basename(process.cwd())} failed`);
}

async function main() {
  const command = process.argv[2];
  if (command !== 'build' && command !== 'serve') {
    console.error('usage: cli.ts build|serve');
    process.exit(2);
  }
  if (command === 'serve') process.env.NODE_ENV ??= 'development';
  type AppConfig = Configuration & { devServer?: WebpackDevServer.Configuration };
  type Exported = AppConfig | AppConfig[];
  const configModule = (await import(path.resolve('webpack.config.ts'))) as { default: Exported | { default: Exported } };
  const loaded = configModule.default;
  const exported = (!Array.isArray(loaded) && 'default' in loaded ? loaded.default : loaded) as Exported;
  const configs = Array.isArray(exported) ? exported : [exported];
  if (command === 'serve') {
    // The browser build with hot reload; the shell's dev server renders in the browser only
    // (server builds are made by `npm run build`; shell/README.md 'Server rendering').
    const compiler = webpack(configs[0]!);
    const server = new WebpackDevServer(configs[0]!.devServer ?? {}, compiler);
    await server.start();
    const stop = () => void server.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  compileWorkspacePackages();
  const compiler = webpack(configs);
  await new Promise<void>((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error) return reject(error);
      if (!stats) return reject(new Error('no stats'));
      const info = stats.toJson({ all: false, errors: true, warnings: true, assets: true });
      if (stats.hasErrors()) {
        for (const item of info.errors ?? []) console.error(item.message);
        return reject(new Error(`build of ${path.basename(process.cwd())} failed`));
      }
      for (const item of info.warnings ?? []) console.warn(item.message);
      for (const build of info.children ?? [info]) {
        const size = (build.assets ?? []).reduce((sum, asset) => sum + asset.size, 0);
        const label = build.name ? `${path.basename(process.cwd())} (${build.name})` : path.basename(process.cwd());
        console.log(`built ${label}: ${(build.assets ?? []).length} files, ${(size / 1024).toFixed(0)} KiB`);
      }
      resolve();
    });
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
