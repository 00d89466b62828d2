import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

/** Libraries loaded once per page and shared by the shell and every remote (docs/architecture.md). */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'zustand',
  '@shop/contracts',
  '@shop/event-bus',
  '@shop/shell-api',
  '@shop/ui',
  '@shop/format',
  '@shop/api-client',
  '@shop/catalog-rules',
  '@shop/cart-rules',
  '@shop/routes',
  '@tanstack/react-query',
] as const;
// zod is deliberately not shared: a shared module is bundled whole (every locale, ~90 KB more),
// while each app's own copy is tree-shaken; the cart's copy loads only with the checkout.

/**
 * The one shared-dependencies helper (conventions: 'Remotes'): every listed library the app
 * depends on becomes a singleton with the version range from the app's package.json, so a
 * remote built against an incompatible major is reported instead of silently duplicated.
 */
export function sharedDependencies(appDir: string) {
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const deps = pkg.dependencies ?? {};
  return Object.fromEntries(
    SINGLETONS.filter((name) => name in deps).map((name) => [name, { singleton: true, requiredVersion: deps[name] }]),
  );
}

export interface FederatedAppOptions {
  /** Module Federation container name, e.g. 'shell' or 'catalog'. */
  name: string;
  /** The app's folder (holds package.json, src/, dist/). */
  dir: string;
  /** webpack-dev-server port for `npm run dev`. */
  devPort: number;
  /** Exposed modules of a remote, e.g. { './pages': './src/exposes/pages.tsx' }. */
  exposes?: Record<string, string>;
  /** The host (shell) builds index.html and is served at '/'. */
  host?: { template: string; devProxyTarget: string; runtimePlugins?: string[] };
  mode?: 'production' | 'development';
}

/**
 * webpack configuration for the shell or a remote: TypeScript via swc, CSS extracted into files
 * (mini-css-extract-plugin; a remote's CSS chunk loads with the chunk that imports it, so no
 * content jumps when a remote's JavaScript injects styles late), Module Federation with a
 * manifest. The shell provides the Module Federation runtime once per page
 * (`provideExternalRuntime`); every remote uses it (`externalRuntime`) instead of bundling its
 * own copy into its remoteEntry.js (issue #8: ≈ 73 KB duplicated per remote before).
 */
export function createFederatedConfig(options: FederatedAppOptions): Configuration & { devServer: DevServerConfiguration } {
  const { name, dir, devPort, exposes, host } = options;
  const mode = options.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production');
  return {
    mode,
    context: dir,
    entry: './src/index.ts',
    devtool: mode === 'development' ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(dir, 'dist'),
      // Remotes resolve chunks relative to their manifest, wherever they are deployed.
      publicPath: host ? '/' : 'auto',
      // Entry files keep stable names (revalidated on every load); every other chunk is content-hashed.
      filename: '[name].js',
      chunkFilename: mode === 'production' ? '[name].[contenthash:12].js' : '[name].js',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // The workspace packages are compiled to CommonJS, so their require('zod') would pick zod's
      // CommonJS build, which webpack cannot tree-shake (all of zod and every locale, ~90 KB
      // compressed on every page). Resolve the ES module builds instead, also for require().
      conditionNames: ['import', 'module', 'browser', 'default'],
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: mode === 'development' } },
                target: 'es2022',
              },
            },
          },
        },
        { test: /\.css$/, use: [mode === 'development' ? 'style-loader' : MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        // The shell registers remotes at run time from /remotes.json (no build-time remotes).
        remotes: {},
        shared: sharedDependencies(dir),
        runtimePlugins: host?.runtimePlugins,
        manifest: true,
        dts: false,
        experiments: host ? { provideExternalRuntime: true } : { externalRuntime: true },
      }),
      ...(mode === 'development'
        ? []
        : [new MiniCssExtractPlugin({ filename: '[name].[contenthash:12].css', chunkFilename: '[name].[contenthash:12].css' })]),
      ...(host ? [new HtmlWebpackPlugin({ template: host.template, scriptLoading: 'defer' })] : []),
    ],
    performance: { hints: false },
    devServer: {
      port: devPort,
      hot: true,
      historyApiFallback: Boolean(host),
      headers: host ? {} : { 'Access-Control-Allow-Origin': '*' },
      proxy: host
        ? [{ context: ['/api', '/remotes.json', '/shop-config.json', '/remotes', '/robots.txt'], target: host.devProxyTarget }]
        : [],
    },
  };
}
