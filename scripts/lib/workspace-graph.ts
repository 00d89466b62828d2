/**
 * The workspace graph: every npm workspace of the root package.json, the workspaces each one
 * builds on, and the order in which a slice's workspaces are built (`npm run build -- --slice
 * <slice>`, `npm run release`, `npm run test:slice`: docs/decisions/slice-builds.md).
 *
 * An edge A → B means A needs B built first: B is in A's `dependencies` (or optional or peer
 * dependencies), or A's tsconfig.json references B's folder. devDependencies are left out on
 * purpose: they are what a workspace's tests and tools use, not what its build compiles against
 * (the test helper @shop/test-dom depends on @shop/shell-api, whose tests use it: with
 * devDependencies the graph would have a cycle), and the one tool a build runs,
 * @shop/webpack-config, runs from its sources (tsx) and has nothing to build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, SLICES } from './paths';

export interface Workspace {
  /** Its package name, e.g. `@shop/mf-cart`. */
  name: string;
  /** Its folder relative to the root, with forward slashes, e.g. `mf-cart` or `services/cart`. */
  dir: string;
  /** Names of the workspaces it builds on (sorted). */
  dependsOn: string[];
  /** Has a tsconfig.json: compiled (packages, services) or type-checked (shell, remotes) by `tsc -b`. */
  tsProject: boolean;
  /** Has a webpack.config.ts: the shell or a remote, built by webpack into its `dist/`. */
  webpackApp: boolean;
}

/** Every workspace by package name. */
export type WorkspaceGraph = Map<string, Workspace>;

interface Manifest {
  name?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const posix = (dir: string) => dir.split(path.sep).join('/');

/**
 * The folders the root package.json's `workspaces` names: a plain folder (`shell`) or every
 * folder with a package.json under one (`packages/*`), the only two forms this repository uses.
 * @throws Error for any other pattern, so a new form is not silently skipped.
 */
function workspaceDirs(root: string): string[] {
  const patterns = readJson<Manifest>(path.join(root, 'package.json')).workspaces ?? [];
  return patterns.flatMap((pattern) => {
    if (pattern.endsWith('/*') && !pattern.slice(0, -2).includes('*')) {
      const parent = pattern.slice(0, -2);
      return readdirSync(path.join(root, parent), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(path.join(root, parent, entry.name, 'package.json')))
        .map((entry) => `${parent}/${entry.name}`)
        .sort();
    }
    if (pattern.includes('*'))
      throw new Error(`workspace pattern '${pattern}' in package.json: only 'folder' and 'folder/*' are understood`);
    return existsSync(path.join(root, pattern, 'package.json')) ? [pattern] : [];
  });
}

/**
 * Reads the workspaces and their edges from the package.json and tsconfig.json files under `root`.
 * @throws Error when a tsconfig.json references a folder that is no workspace.
 */
export function readWorkspaceGraph(root: string = ROOT): WorkspaceGraph {
  const manifests = workspaceDirs(root).map((dir) => ({ dir, manifest: readJson<Manifest>(path.join(root, dir, 'package.json')) }));
  const nameOfDir = new Map(manifests.map(({ dir, manifest }) => [dir, manifest.name ?? dir]));
  const names = new Set(nameOfDir.values());
  const graph: WorkspaceGraph = new Map();
  for (const { dir, manifest } of manifests) {
    const declared = [manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies].flatMap((deps) =>
      Object.keys(deps ?? {}),
    );
    const tsconfigFile = path.join(root, dir, 'tsconfig.json');
    const tsProject = existsSync(tsconfigFile);
    const referenced = tsProject
      ? (readJson<{ references?: Array<{ path: string }> }>(tsconfigFile).references ?? []).map((reference) => {
          const target = posix(path.relative(root, path.resolve(root, dir, reference.path)));
          const name = nameOfDir.get(target);
          if (!name) throw new Error(`${dir}/tsconfig.json references ${reference.path}, which is no workspace`);
          return name;
        })
      : [];
    const name = nameOfDir.get(dir)!;
    graph.set(name, {
      name,
      dir,
      dependsOn: [...new Set([...declared.filter((dep) => names.has(dep)), ...referenced])].filter((dep) => dep !== name).sort(),
      tsProject,
      webpackApp: existsSync(path.join(root, dir, 'webpack.config.ts')),
    });
  }
  return graph;
}

/**
 * Finds a workspace by package name (`@shop/mf-cart`) or folder (`mf-cart`, `services/cart`).
 * @throws Error naming the known workspaces when none matches.
 */
export function findWorkspace(graph: WorkspaceGraph, ref: string): Workspace {
  const found = graph.get(ref) ?? [...graph.values()].find((workspace) => workspace.dir === ref.replace(/\/+$/, ''));
  if (!found)
    throw new Error(
      `unknown workspace '${ref}': one of ${[...graph.values()]
        .map((workspace) => workspace.dir)
        .sort()
        .join(', ')} (or its package name)`,
    );
  return found;
}

/**
 * The workspaces `roots` need, each after everything it builds on: the roots and their
 * dependencies, transitively, in a stable order (depth first, dependencies by name).
 * @throws Error naming the cycle (`a → b → a`) when the workspaces depend on each other in a ring.
 */
export function buildOrder(graph: WorkspaceGraph, roots: string[]): Workspace[] {
  const order: Workspace[] = [];
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (name: string) => {
    if (done.has(name)) return;
    const start = trail.indexOf(name);
    if (start >= 0) throw new Error(`the workspaces depend on each other in a cycle: ${[...trail.slice(start), name].join(' → ')}`);
    const workspace = graph.get(name);
    if (!workspace) throw new Error(`${trail[trail.length - 1] ?? 'the build'} depends on '${name}', which is no workspace`);
    trail.push(name);
    for (const dependency of workspace.dependsOn) visit(dependency);
    trail.pop();
    done.add(name);
    order.push(workspace);
  };
  for (const root of roots) visit(findWorkspace(graph, root).name);
  return order;
}

/**
 * A slice's own workspaces: its remote `mf-<slice>` and its service `services/<slice>`.
 * @throws Error naming the slices when `slice` is none of them.
 */
export function sliceRoots(graph: WorkspaceGraph, slice: string): Workspace[] {
  if (!(SLICES as readonly string[]).includes(slice)) throw new Error(`unknown slice '${slice}': one of ${SLICES.join(', ')}`);
  return [`mf-${slice}`, `services/${slice}`].map((dir) => findWorkspace(graph, dir));
}

/** What building `slice` builds, in order: its remote and service and the workspaces they build on. */
export function sliceBuildOrder(slice: string, graph: WorkspaceGraph = readWorkspaceGraph()): Workspace[] {
  return buildOrder(
    graph,
    sliceRoots(graph, slice).map((workspace) => workspace.name),
  );
}
