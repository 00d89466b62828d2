/**
 * `npm run rollback -- <slice> [version]`: makes the release live before the current one live
 * again, or the given version (docs/releases.md); every gateway instance serves it within about
 * a second, without a restart. Audited with the git author's e-mail address.
 */
import { RemoteName } from '@shop/contracts';
import { registry, whoIsReleasing } from './lib/releases';
import { releaseTarget } from './lib/running-shop';

const slice = RemoteName.safeParse(process.argv[2]);
if (!slice.success) {
  console.error(`usage: npm run rollback -- <${RemoteName.options.join('|')}> [version]`);
  process.exit(2);
}
const version = process.argv[3];
console.error(releaseTarget().description);
void registry(['rollback', slice.data, ...(version ? [version] : []), '--by', whoIsReleasing()]).then((code) => process.exit(code));
