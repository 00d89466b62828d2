/**
 * Builds or serves the app in the current folder from its `webpack.config.ts`:
 *   tsx ../packages/webpack-config/src/cli.ts build   → dist/ (production)
 *   tsx ../packages/webpack-config/src/cli.ts serve   → webpack-dev-server with hot reload
 */
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';

async function main() {
  const command = process.argv[2];
  if (command !== 'build' && command !== 'serve') {
    console.error('usage: cli.ts build|serve');
    process.exit(2);
  }
  if (command === 'serve') process.env.NODE_ENV ??= 'development';
  const configModule = (await import(path.resolve('webpack.config.ts'))) as { default: Configuration | { default: Configuration } };
  const loaded = configModule.default;
  const config = ('default' in loaded ? loaded.default : loaded) as Configuration & { devServer?: WebpackDevServer.Configuration };
  const compiler = webpack(config);
  if (!compiler) throw new Error('webpack did not create a compiler');

  if (command === 'serve') {
    const server = new WebpackDevServer(config.devServer ?? {}, compiler);
    await server.start();
    const stop = () => void server.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
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
      const size = (info.assets ?? []).reduce((sum, asset) => sum + asset.size, 0);
      console.log(`built ${path.basename(process.cwd())}: ${(info.assets ?? []).length} files, ${(size / 1024).toFixed(0)} KiB`);
      resolve();
    });
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
