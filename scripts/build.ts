/**
 * `npm run build`: compiles packages and services and builds the shell and every remote
 * (`--force`: also what is up to date).
 * `npm run build -- --slice <slice>`: only the slice's remote and service and the workspaces they
 * build on (workspace-graph.ts); `--only <workspace>` (folder or package name, e.g. `mf-cart`,
 * `services/cart`) only that workspace and what it builds on. Both may be given more than once.
 */
import { parseArgs } from 'node:util';
import { info, step } from './lib/log';
import { buildAll } from './lib/stack';
import { buildWorkspaces } from './lib/workspace-build';
import { buildOrder, readWorkspaceGraph, sliceRoots } from './lib/workspace-graph';

const USAGE = 'usage: npm run build -- [--force] [--slice <slice>]… [--only <workspace>]…';

async function main(): Promise<void> {
  const { values } = (() => {
    try {
      return parseArgs({
        options: {
          force: { type: 'boolean', default: false },
          slice: { type: 'string', multiple: true, default: [] },
          only: { type: 'string', multiple: true, default: [] },
        },
      });
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    }
  })();
  if (values.slice.length === 0 && values.only.length === 0) {
    step('Building packages, services, shell and remotes');
    return buildAll({ force: values.force });
  }
  const graph = readWorkspaceGraph();
  const roots = [...values.slice.flatMap((slice) => sliceRoots(graph, slice).map((workspace) => workspace.name)), ...values.only];
  const order = buildOrder(graph, roots);
  step(`Building ${[...values.slice, ...values.only].join(', ')} and what it builds on`);
  info(`in order: ${order.map((workspace) => workspace.dir).join(', ')}`);
  await buildWorkspaces(order, { force: values.force });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
