import path from 'node:path';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Compiler, Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import { constants as zlibConstants, type BrotliOptions } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { ServerPublicPathPlugin } from './server-public-path';
import { exposedPropsOf } from './exposed-props';
import { ChunkOwnersPlugin } from './chunk-owners';
import { narrowedSharedOf } from './narrowed-shared';

/**
 * Libraries loaded once per page and shared by the shell and every remote (docs/architecture.md):
 * those holding state or React context a page must have once (React, the router, the stores, the
 * query client, the session, the hydration flag) and the event bus. A shared module is bundled
 * whole and loads with the first chunk that imports it; the contracts, zod and the stateless
 * packages (format, routes, the rules packages) are therefore not shared: each app bundles what it
 * uses of them, tree-shaken, and a fresh visitor's first load of a catalogue page holds no zod
 * (the event bus and the boot data are checked without it; API answers import their schemas when
 * first parsed: docs/performance.md 'zod off the first load').
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'zustand',
  '@shop/event-bus',
  '@shop/shell-api',
  '@shop/ui',
  '@shop/api-client',
  '@tanstack/react-query',
] as const;

/**
 * What a browser build provides under a shared library's name instead of the library's main
 * module: react-router-dom and React Query narrowed to the names the shop uses
 * (shared/react-router-dom.mjs, shared/react-query.mjs). Server builds share the whole library
 * (bytes cost nothing there).
 */
const BROWSER_SHARED_IMPORTS: Partial<Record<(typeof SINGLETONS)[number], string>> = {
  'react-router-dom': path.join(__dirname, '..', 'shared', 'react-router-dom.mjs'),
  '@tanstack/react-query': path.join(__dirname, '..', 'shared', 'react-query.mjs'),
};

/** The installed version of a shared library, which a narrowed import provides under its name. */
function installedVersion(appDir: string, name: string): string {
  const manifest = require.resolve(`${name}/package.json`, { paths: [appDir] });
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * The one shared-dependencies helper (conventions: 'Remotes'): every listed library the app
 * depends on becomes a singleton with the version range from the app's package.json, so a
 * remote built against an incompatible major is reported instead of silently duplicated.
 * `target` 'browser' provides the narrowed modules of BROWSER_SHARED_IMPORTS.
 */
export function sharedDependencies(appDir: string, target: 'browser' | 'server') {
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const deps = pkg.dependencies ?? {};
  return Object.fromEntries(
    SINGLETONS.filter((name) => name in deps).map((name) => {
      const narrowed = target === 'browser' ? BROWSER_SHARED_IMPORTS[name] : undefined;
      const shared = { singleton: true, requiredVersion: deps[name] };
      return [name, narrowed ? { ...shared, import: narrowed, version: installedVersion(appDir, name) } : shared];
    }),
  );
}

/** The workspace's packages folder (this package's parent). */
export const PACKAGES_DIR = path.join(__dirname, '..', '..');

/**
 * Browser builds compile the workspace packages from their TypeScript sources, as ES modules:
 * their `dist/` is CommonJS for Node (the services), which webpack cannot tree-shake. Every
 * entry point a package exports (`@shop/contracts`, `@shop/contracts/checkout`, …) is aliased to
 * the source file its `dist` file was compiled from; the packages declare `sideEffects: false`,
 * so a module nothing uses is left out.
 */
export function workspaceSourceAliases(): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const folder of readdirSync(PACKAGES_DIR)) {
    const manifestFile = path.join(PACKAGES_DIR, folder, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      name: string;
      main?: string;
      exports?: Record<string, string | { default?: string }>;
    };
    const entries: Record<string, string | undefined> = manifest.exports
      ? Object.fromEntries(Object.entries(manifest.exports).map(([key, value]) => [key, typeof value === 'string' ? value : value.default]))
      : { '.': manifest.main };
    for (const [key, target] of Object.entries(entries)) {
      const compiled = target && /^(?:\.\/)?dist\/(.+)\.js$/.exec(target);
      if (!compiled) continue;
      const source = ['.ts', '.tsx']
        .map((extension) => path.join(PACKAGES_DIR, folder, 'src', compiled[1] + extension))
        .find((file) => existsSync(file));
      if (source) aliases[`${manifest.name}${key === '.' ? '' : key.slice(1)}$`] = source;
    }
  }
  return aliases;
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
  /**
   * The server build, written to dist/server/ beside the browser build: for a remote,
   * the modules it exposes to the server renderer (usually the browser's plus './prefetch'); for
   * the shell, the render entry the gateway loads. Absent: browser build only (mf-admin).
   */
  server?: { exposes?: Record<string, string>; entry?: string };
  mode?: 'production' | 'development';
}

/**
 * webpack configuration for the shell or a remote: TypeScript via swc, CSS extracted into files
 * (mini-css-extract-plugin; a remote's CSS chunk loads with the chunk that imports it, so no
 * content jumps when a remote's JavaScript injects styles late), Module Federation with a
 * manifest. The shell provides the Module Federation runtime once per page
 * (`provideExternalRuntime`); every remote uses it (`externalRuntime`) instead of bundling its
 * own copy into its remoteEntry.js (≈ 73 KB duplicated per remote before).
 */
/** TypeScript and TSX through swc (both builds). */
function typescriptRule(mode: 'production' | 'development') {
  return {
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
  };
}

function buildMode(options: FederatedAppOptions): 'production' | 'development' {
  return options.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production');
}

/**
 * One id per build run, written as `build-id.json` into both builds of an app: the server
 * renderer compares a remote's browser and server ids and renders that remote on the client
 * when they differ (version skew: one of the two deployed without the other).
 */
const BUILD_ID = `${Date.now().toString(36)}-${process.pid.toString(36)}`;

function buildIdPlugin() {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap('BuildId', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'BuildId', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            compilation.emitAsset('build-id.json', new compiler.webpack.sources.RawSource(JSON.stringify({ buildId: BUILD_ID })));
          },
        );
      });
    },
  };
}

/**
 * `contracts.json` in the browser build: the `@shop/contracts` version the app was compiled
 * against, the fingerprint of each browser contract (event and request schemas,
 * `@shop/contracts/fingerprints`), of the exposes' props (exposedPropsOf), and the names of the
 * narrowed shared modules the build provides and imports (narrowedSharedOf), which the checks
 * before a release goes live compare between the slices that would be live together
 * (docs/releases.md).
 */
function contractsRecordPlugin(appDir: string) {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap('ContractsRecord', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'ContractsRecord', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            // The contracts the app itself resolves (its own dependency), not this package's.
            const fingerprints = createRequire(path.join(appDir, 'package.json'))('@shop/contracts/fingerprints') as {
              contractFingerprints(): Record<string, string>;
            };
            const record = {
              version: installedVersion(appDir, '@shop/contracts'),
              fingerprints: fingerprints.contractFingerprints(),
              ...exposedPropsOf(appDir),
              narrowedShared: narrowedSharedOf(compilation, BROWSER_SHARED_IMPORTS),
            };
            compilation.emitAsset('contracts.json', new compiler.webpack.sources.RawSource(JSON.stringify(record)));
          },
        );
      });
    },
  };
}

/**
 * Brotli at its highest quality, written beside each file at build time (`main.js.br`), which
 * the gateway sends when the browser accepts it (@fastify/static `preCompressed`). Compressing on
 * the fly per response has to be fast (@fastify/compress: quality 4); at quality 11 the same
 * JavaScript is ~14 % smaller on the wire (docs/performance.md 'Ship less').
 */
function precompressedBrotli() {
  return new CompressionPlugin<BrotliOptions>({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test: /\.(js|css|json|svg)$/,
    compressionOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } },
    // Below ~1 KB a compressed copy saves less than its headers cost (as the gateway's threshold).
    threshold: 1024,
    minRatio: 0.9,
  });
}

/** The global the shell's renderer names its remotes' origin in, as the app's @shop/contracts defines it. */
function serverRemotesOriginGlobal(appDir: string): string {
  return (createRequire(path.join(appDir, 'package.json'))('@shop/contracts') as { SERVER_REMOTES_ORIGIN_GLOBAL: string })
    .SERVER_REMOTES_ORIGIN_GLOBAL;
}

/**
 * The server build of the shell or a remote (shell/README.md 'Server rendering'):
 * target async-node, CommonJS output in dist/server/, the @module-federation/node runtime plugin
 * (remote chunks are fetched over HTTP and evaluated), shared singletons as in the browser, so
 * the server loads one React, one router and one React Query for the shell and every remote.
 * CSS is left to the browser build (the renderer links the browser build's CSS files).
 */
export function createServerConfig(options: FederatedAppOptions): Configuration {
  const { name, dir, server, host } = options;
  if (!server) throw new Error(`${name}: no server build configured`);
  const mode = buildMode(options);
  return {
    name: 'server',
    mode,
    context: dir,
    target: 'async-node',
    entry: server.entry ? { main: server.entry } : {},
    devtool: 'source-map',
    output: {
      path: path.join(dir, 'dist', 'server'),
      // The host's chunks are read from its folder; a remote's resolve against its entry's URL (ServerPublicPathPlugin).
      publicPath: '',
      filename: '[name].js',
      chunkFilename: mode === 'production' ? '[name].[contenthash:12].js' : '[name].js',
      uniqueName: `${name}_server`,
      library: host ? { type: 'commonjs2' } : undefined,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // As the browser build, but Node's builds (react-dom/server's renderToPipeableStream).
      conditionNames: ['node', 'import', 'module', 'default'],
    },
    module: {
      rules: [
        typescriptRule(mode),
        // Styles come from the browser build's CSS files; on the server an import is a no-op.
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: server.exposes,
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        remotes: {},
        shared: sharedDependencies(dir, 'server'),
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        manifest: true,
        dts: false,
      }),
      buildIdPlugin(),
      // A remote's chunks resolve against its own entry's folder (two releases may be loaded at once).
      ...(host ? [] : [new ServerPublicPathPlugin(serverRemotesOriginGlobal(dir))]),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

export function createFederatedConfig(options: FederatedAppOptions): Configuration & { devServer: DevServerConfiguration } {
  const { name, dir, devPort, exposes, host } = options;
  const mode = buildMode(options);
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
      // The server build shares the folder (dist/server/) and is built by its own compiler.
      clean: { keep: /^server\// },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: workspaceSourceAliases(),
      // A CommonJS require('zod') would pick zod's CommonJS build, which webpack cannot tree-shake
      // (all of zod and every locale, ~90 KB compressed on every page): the ES module builds also
      // for require().
      conditionNames: ['import', 'module', 'browser', 'default'],
    },
    module: {
      rules: [
        typescriptRule(mode),
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
        shared: sharedDependencies(dir, 'browser'),
        runtimePlugins: host?.runtimePlugins,
        manifest: true,
        dts: false,
        experiments: {
          ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }),
          // Browser-only runtime: no Node code paths, and no manifest snapshots (the shell registers
          // each remote's remoteEntry.js, `registerRemotesFromManifest`); a remote loads no remotes.
          optimization: { target: 'web', disableSnapshot: true, ...(host ? {} : { disableRemote: true }) },
        },
      }),
      ...(mode === 'development'
        ? []
        : [
            new MiniCssExtractPlugin({ filename: '[name].[contenthash:12].css', chunkFilename: '[name].[contenthash:12].css' }),
            precompressedBrotli(),
          ]),
      ...(host ? [new HtmlWebpackPlugin({ template: host.template, scriptLoading: 'defer' })] : []),
      buildIdPlugin(),
      contractsRecordPlugin(dir),
      new ChunkOwnersPlugin(name, dir, BROWSER_SHARED_IMPORTS),
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

/**
 * Every build of an app: the browser build, and the server build when `server` is given. The
 * browser build comes first (its devServer serves `npm run dev`).
 */
export function createFederatedBuilds(options: FederatedAppOptions): Array<Configuration & { devServer?: DevServerConfiguration }> {
  return options.server ? [createFederatedConfig(options), createServerConfig(options)] : [createFederatedConfig(options)];
}
