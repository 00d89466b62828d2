import type { Compilation, Module } from 'webpack';

/**
 * What a browser build records of the narrowed shared modules (shared/react-router-dom.mjs,
 * shared/react-query.mjs) in `contracts.json` (`narrowedShared`), by share key. A page loads one
 * copy of each, the shell's, so a remote may only use the names the live shell's copy exports:
 * the checks before a release goes live compare a remote's `imports` with the shell's `provides`
 * (scripts/lib/release-checks.ts, docs/releases.md 'Checks before a promote').
 */
export interface NarrowedShared {
  /** The names the build's own narrowed module exports (sorted): what it provides the page when its copy is the one loaded. */
  provides: Record<string, string[]>;
  /** The names the build's code uses of the shared module (sorted): what it needs of the copy the page loads. */
  imports: Record<string, string[]>;
}

interface ModuleShape {
  resource?: string;
  modules?: Iterable<Module>;
  rootModule?: Module;
  /** A ConsumeSharedModule's options (Module Federation's sharing). */
  options?: { shareKey?: unknown };
}

/** Every module of a compilation, the modules a concatenated module joins one by one. */
function* eachModule(modules: Iterable<Module>): Generator<Module> {
  for (const module of modules) {
    const shape = module as Module & ModuleShape;
    if (shape.modules && shape.rootModule) yield* eachModule(shape.modules);
    else yield module;
  }
}

/**
 * The narrowed shared modules of a compiled browser build (`narrowed`: share key → the narrowed
 * module's file, as `sharedDependencies` provides it), read from webpack's module graph once the
 * dependencies are optimised (at `processAssets`):
 * - `provides`: the exports webpack found in the narrowed module (its `export { … } from` list).
 * - `imports`: the exports used of the module consuming the share key (`ConsumeSharedModule`), as
 *   tree shaking decides them: every module bundled into the build counts (the app's own code,
 *   the stateless packages bundled per app, and the build's own fallback copies of the shared
 *   workspace packages, which the page may load), code left out by tree shaking does not. Where
 *   webpack cannot name the used exports (a namespace object passed around; a development build,
 *   which keeps no usage), the build needs every name its own narrowed module exports.
 * A key the build does not consume is left out of `imports`. The module graph rather than a parse
 * of the app's sources: it is exact about what the build ships (a parse of `src/` misses the
 * names the bundled packages use, @shop/routes' generatePath, and counts imports tree shaking
 * drops) and costs nothing, webpack has built it already.
 * @throws Error when a narrowed module's exports cannot be listed (it must name each export).
 */
export function narrowedSharedOf(compilation: Compilation, narrowed: Record<string, string | undefined>): NarrowedShared {
  const { moduleGraph } = compilation;
  const keyOfFile = new Map(Object.entries(narrowed).flatMap(([key, file]) => (file ? [[file, key] as const] : [])));
  const provides: Record<string, string[]> = {};
  const used = new Map<string, Set<string> | 'all'>();
  for (const module of eachModule(compilation.modules)) {
    const shape = module as Module & ModuleShape;
    const narrowedKey = shape.resource ? keyOfFile.get(shape.resource) : undefined;
    if (narrowedKey) {
      const exported = moduleGraph.getExportsInfo(module).getProvidedExports();
      if (!Array.isArray(exported)) throw new Error(`${shape.resource}: a narrowed shared module must name each of its exports`);
      provides[narrowedKey] = [...exported].sort();
    }
    const shareKey = shape.options?.shareKey;
    if (module.type !== 'consume-shared-module' || typeof shareKey !== 'string' || !(shareKey in narrowed)) continue;
    const names = moduleGraph.getExportsInfo(module).getUsedExports(undefined);
    if (names === false) continue;
    const known = used.get(shareKey);
    if (names === true || names === null || known === 'all') used.set(shareKey, 'all');
    else used.set(shareKey, new Set([...(known ?? []), ...names]));
  }
  const imports = Object.fromEntries(
    [...used].map(([key, names]) => {
      if (names !== 'all') return [key, [...names].sort()];
      const own = provides[key];
      if (!own) throw new Error(`the names used of ${key} are unknown and the build has no narrowed module of it`);
      return [key, own];
    }),
  );
  // Keys in one order, so two builds of the same sources write the same record (a release's version is a hash over its files).
  const byKey = (record: Record<string, string[]>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return { provides: byKey(provides), imports: byKey(imports) };
}
