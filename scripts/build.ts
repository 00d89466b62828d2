/** `npm run build`: compiles packages and services and builds the shell and every remote (`--force`: also what is up to date). */
import { step } from './lib/log';
import { buildAll } from './lib/stack';

step('Building packages, services, shell and remotes');
buildAll({ force: process.argv.includes('--force') }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
