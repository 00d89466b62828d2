/**
 * `npm run releases -- <slice>`: the slice's releases, newest first, the live one marked with
 * `*` and the canary with `~`, and the history of its live version (docs/releases.md). `--json`
 * for scripts. `--prune [--keep <n>] [--grace-hours <h>]` applies the retention rule: the
 * releases it no longer keeps are retired in the registry and their folders deleted from the
 * remote store (docs/releases.md 'Retention').
 */
import { parseArgs } from 'node:util';
import { RemoteName } from '@shop/contracts';
import { pruneReleases, registry } from './lib/releases';
import { releaseTarget } from './lib/running-shop';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      prune: { type: 'boolean', default: false },
      keep: { type: 'string' },
      'grace-hours': { type: 'string' },
    },
  });
  const slice = RemoteName.safeParse(positionals[0]);
  if (!slice.success) {
    console.error(`usage: npm run releases -- <${RemoteName.options.join('|')}> [--json | --prune [--keep <n>] [--grace-hours <h>]]`);
    return 2;
  }
  console.error(releaseTarget().description);
  if (!values.prune) return registry(['list', slice.data, ...(values.json ? ['--json'] : [])]);
  const removed = await pruneReleases(slice.data, { keep: values.keep, graceHours: values['grace-hours'] });
  console.log(removed.length ? `${slice.data}: removed ${removed.join(', ')}` : `${slice.data}: nothing to remove`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // The registry's own reason ('refused: …').
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
