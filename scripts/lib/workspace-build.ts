/**
 * Builds a chosen part of the tree in the order of the workspace graph (workspace-graph.ts), with
 * the steps of the whole build (`buildAll` in stack.ts): `tsc -b` on the TypeScript projects
 * (incremental), then webpack for the shell and remotes among them, two at a time, skipping an app
 * whose `dist/` was built from the same inputs (build-stamp.ts). `npm run build -- --slice <slice>`,
 * `npm run test:slice` and `npm run release` build a slice this way instead of the whole tree.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildState, recordBuild } from './build-stamp';
import { info } from './log';
import { ROOT } from './paths';
import { run } from './run';
import type { Workspace, WorkspaceGraph } from './workspace-graph';

/**
 * `tsc -b` on the TypeScript projects among `order` (packages and services compile into their
 * `dist/`, the shell and remotes are type-checked). tsc follows each project's references itself
 * and skips what is up to date.
 * @throws Error when a project does not compile.
 */
export async function compileProjects(order: Workspace[]): Promise<void> {
  const projects = order.filter((workspace) => workspace.tsProject).map((workspace) => workspace.dir);
  if (projects.length === 0) return;
  info(`TypeScript (${projects.length} projects: ${projects.join(', ')})…`);
  await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', ...projects]);
}

/**
 * webpack for the apps among `order` (`npm run build -w <app>`: browser and server build into its
 * `dist/`), two at a time: a webpack build keeps about one core busy, and the machines this runs
 * on have two. `force` also rebuilds an app whose build is up to date. Expects the app's packages
 * compiled ({@link compileProjects}): the app's own build then skips compiling them.
 * @throws Error when a build fails (the other finishes its current app first).
 */
export async function buildApps(order: Workspace[], { force = false } = {}): Promise<void> {
  const queue: Array<{ app: string; hash: string }> = [];
  for (const { dir: app } of order.filter((workspace) => workspace.webpackApp)) {
    const state = buildState(app);
    if (state.upToDate && !force) info(`${app}: up to date, not rebuilt`);
    else queue.push({ app, hash: state.hash });
  }
  const builder = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await run('npm', ['run', 'build', '--silent', '-w', next.app], { env: { ...process.env, SHOP_PACKAGES_COMPILED: '1' } });
      recordBuild(next.app, next.hash);
    }
  };
  await Promise.all([builder(), builder()]);
}

/** {@link compileProjects}, then {@link buildApps}: everything in `order`, in order. */
export async function buildWorkspaces(order: Workspace[], { force = false } = {}): Promise<void> {
  await compileProjects(order);
  await buildApps(order, { force });
}

/**
 * The parts of the running shop (every service with the gateway, the shell and every remote) that
 * have no build at all (`dist/` missing), as on a fresh clone: a slice's journeys start the whole
 * shop, and the other slices' parts need some build, if not a new one.
 */
export function unbuiltShopParts(graph: WorkspaceGraph): Workspace[] {
  return [...graph.values()].filter(
    (workspace) => (workspace.dir.startsWith('services/') || workspace.webpackApp) && !existsSync(path.join(ROOT, workspace.dir, 'dist')),
  );
}
