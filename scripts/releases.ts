/**
 * `npm run releases -- <slice>`: the slice's releases, newest first, the live one marked with
 * `*`, and the history of its live version (docs/releases.md). `--json` for scripts.
 */
import { RemoteName } from '@shop/contracts';
import { registry } from './lib/releases';

const slice = RemoteName.safeParse(process.argv[2]);
if (!slice.success) {
  console.error(`usage: npm run releases -- <${RemoteName.options.join('|')}> [--json]`);
  process.exit(2);
}
void registry(['list', slice.data, ...process.argv.slice(3)]).then((code) => process.exit(code));
