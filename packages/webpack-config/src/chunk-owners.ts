import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Chunk, Compilation, Compiler, Module } from 'webpack';

/** The name of the record a browser build writes beside its files. */
export const CHUNK_OWNERS_FILE = 'chunk-owners.json';

/** Who a share of a JavaScript file belongs to, and how much of it. */
export interface ChunkOwnerShare {
  /**
   * 'react-dom', 'zod' (an npm package by name), '@shop/contracts' (a workspace package),
   * 'Module Federation runtime' (every `@module-federation/*` package and the federation's own
   * modules), 'webpack runtime' (webpack's runtime modules), '<app> own code' (the app's src/).
   */
  owner: string;
  /** Fraction of the file's bytes, 0..1, rounded to 3 digits; the shares of a file add up to 1. */
  share: number;
}

/**
 * `chunk-owners.json`: every emitted JavaScript file of the build by its name (as served, e.g.
 * `311.31015cd55619.js`, `__federation_expose_pages.ab12cd34ef56.js`, `remoteEntry.js`), with
 * its size as emitted (bytes, minified, not compressed) and its owners, largest share first.
 * Shares (below 0.001 left out) are the owners' modules' sizes before minification (webpack's `module.size()`) relative
 * to the file's, so an owner's bytes in the file are estimated as `bytes × share`.
 */
export type ChunkOwners = Record<string, { bytes: number; owners: ChunkOwnerShare[] }>;

export const MF_RUNTIME = 'Module Federation runtime';
export const WEBPACK_RUNTIME = 'webpack runtime';

/** The owner of the app's own modules, e.g. 'shell own code', 'catalog own code'. */
export const ownCodeOwner = (appName: string) => `${appName} own code`;

/** Runtime modules Module Federation adds to webpack's runtime (sharing, consumes, remotes, federation). */
const MF_RUNTIME_MODULE = /federation|sharing|consumes|remotes|share|container/i;

/** The package a file inside node_modules belongs to: the segments after the last `node_modules/`. */
function nodeModulesPackage(file: string): string | null {
  const parts = file.split(/[\\/]/);
  const index = parts.lastIndexOf('node_modules');
  if (index < 0 || index + 1 >= parts.length) return null;
  const first = parts[index + 1]!;
  return first.startsWith('@') ? `${first}/${parts[index + 2] ?? ''}` : first;
}

/** The name in the nearest package.json above a file that has one (workspace packages are resolved to their folders). */
function nearestPackageName(file: string, names: Map<string, string | null>): string | null {
  let dir = path.dirname(file);
  const visited: string[] = [];
  let found: string | null = null;
  for (;;) {
    const known = names.get(dir);
    if (known !== undefined) {
      found = known;
      break;
    }
    visited.push(dir);
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
      if (typeof name === 'string') {
        found = name;
        break;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const each of visited) names.set(each, found);
  return found;
}

/**
 * The owner of one source file (a module's resource, query stripped): the npm package it lies in
 * (every `@module-federation/*` package and the generated federation entry in
 * node_modules/.federation as MF_RUNTIME; a narrowed entry, `app.narrowed` by library name, as
 * its library), else the workspace package by its package.json name,
 * else the app's own code (the app's package.json, or no package.json at all).
 */
export function ownerOfFile(
  file: string,
  app: { name: string; packageName: string; narrowed?: Record<string, string | undefined> },
  names = new Map<string, string | null>(),
): string {
  const narrowed = Object.entries(app.narrowed ?? {}).find(([, entry]) => entry === file);
  if (narrowed) return narrowed[0];
  const npm = nodeModulesPackage(file);
  const name = npm ?? nearestPackageName(file, names);
  if (!name || name === app.packageName) return ownCodeOwner(app.name);
  if (name.startsWith('@module-federation/') || name === '.federation') return MF_RUNTIME;
  return name;
}

interface ModuleShape {
  resource?: string;
  modules?: Iterable<Module>;
  rootModule?: Module;
}

/**
 * The owners of one module with their source sizes: a concatenated module by each module it
 * joins, a module read from a file by that file, a runtime module as webpack's or the
 * federation's runtime, any other generated module (shared-module consumers and providers, the
 * container entry, remotes) as the federation's. CSS extracted into .css files is not counted.
 */
function ownedSizes(module: Module, ownerOf: (file: string) => string, out: Map<string, number>): void {
  const shape = module as Module & ModuleShape;
  if (shape.modules && shape.rootModule) {
    for (const inner of shape.modules) ownedSizes(inner, ownerOf, out);
    return;
  }
  if (!module.getSourceTypes().has('javascript')) return;
  const size = module.size('javascript');
  let owner: string;
  if (typeof shape.resource === 'string' && shape.resource) owner = ownerOf(shape.resource.split('?')[0]!);
  else owner = MF_RUNTIME;
  out.set(owner, (out.get(owner) ?? 0) + size);
}

/** The owners of one chunk's JavaScript with their shares, largest first. */
function chunkOwners(compilation: Compilation, chunk: Chunk, ownerOf: (file: string) => string): ChunkOwnerShare[] {
  const { chunkGraph } = compilation;
  const sizes = new Map<string, number>();
  for (const module of chunkGraph.getChunkModulesIterable(chunk)) ownedSizes(module, ownerOf, sizes);
  for (const runtime of chunkGraph.getChunkRuntimeModulesIterable(chunk)) {
    const owner = MF_RUNTIME_MODULE.test(runtime.name) ? MF_RUNTIME : WEBPACK_RUNTIME;
    sizes.set(owner, (sizes.get(owner) ?? 0) + runtime.size());
  }
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  if (!total) return [];
  return [...sizes]
    .sort((a, b) => b[1] - a[1])
    .map(([owner, size]) => ({ owner, share: Math.round((size / total) * 1000) / 1000 }))
    .filter((entry) => entry.share > 0);
}

/**
 * Writes CHUNK_OWNERS_FILE into a browser build (docs/performance.md 'Where the bytes go'):
 * which library, shared package or app code each emitted .js file is made of, read by
 * `npm run bench:web` and the e2e budget test to name who a page's bytes belong to. Runs after
 * minification and content hashing, so names and sizes are the emitted ones.
 */
export class ChunkOwnersPlugin {
  /**
   * `appName` as the container's name ('shell', 'catalog'); `appDir` holds the app's package.json;
   * `narrowed`: the files a browser build provides under a library's name (index.ts
   * BROWSER_SHARED_IMPORTS), counted as that library.
   */
  constructor(
    private readonly appName: string,
    private readonly appDir: string,
    private readonly narrowed: Record<string, string | undefined> = {},
  ) {}

  apply(compiler: Compiler): void {
    const packageName = (JSON.parse(readFileSync(path.join(this.appDir, 'package.json'), 'utf8')) as { name: string }).name;
    const app = { name: this.appName, packageName, narrowed: this.narrowed };
    compiler.hooks.thisCompilation.tap('ChunkOwners', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ChunkOwners', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const names = new Map<string, string | null>();
        const ownerOf = (file: string) => ownerOfFile(file, app, names);
        const record: ChunkOwners = {};
        for (const chunk of compilation.chunks) {
          const files = [...chunk.files].filter((file) => file.endsWith('.js'));
          if (!files.length) continue;
          const owners = chunkOwners(compilation, chunk, ownerOf);
          for (const file of files) record[file] = { bytes: compilation.getAsset(file)?.source.size() ?? 0, owners };
        }
        const sorted = Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
        compilation.emitAsset(CHUNK_OWNERS_FILE, new compiler.webpack.sources.RawSource(JSON.stringify(sorted, null, 1)));
      });
    });
  }
}
