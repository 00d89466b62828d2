/**
 * `npm run compose:check`: docker-compose.yml is valid for Docker Compose v2 (`config --quiet`
 * resolves anchors, merges, variables and `deploy` and refuses what the Compose spec refuses).
 * Uses `docker compose` when this machine has it; otherwise Compose v2 built once from the Go
 * module proxy into .tools/ (this machine has a Docker client but no Compose plugin and no engine,
 * and `config` needs neither). Part of `npm test`.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { run } from './lib/run';
import { ROOT } from './lib/paths';
import { info } from './lib/log';

const execFileAsync = promisify(execFile);

/** Compose v2, pinned. */
export const COMPOSE_MODULE = 'github.com/docker/compose/v2/cmd';
export const COMPOSE_VERSION = 'v2.29.7';

/** The command that runs Compose v2 here: `docker compose`, or a binary built into .tools/. */
async function composeCommand(): Promise<[string, string[]]> {
  try {
    await execFileAsync('docker', ['compose', 'version']);
    return ['docker', ['compose']];
  } catch {
    // No Compose plugin: build Compose itself.
  }
  const dir = path.join(ROOT, '.tools', `docker-compose-${COMPOSE_VERSION}`);
  const binary = path.join(dir, 'cmd');
  try {
    await access(binary);
  } catch {
    info(`Building Docker Compose ${COMPOSE_VERSION} with the Go toolchain (first run only, a few minutes)…`);
    await run('go', ['install', `${COMPOSE_MODULE}@${COMPOSE_VERSION}`], {
      env: { ...process.env, GOBIN: dir, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' },
    });
  }
  return [binary, []];
}

async function main() {
  const [command, prefix] = await composeCommand();
  await run(command, [...prefix, '-f', path.join(ROOT, 'docker-compose.yml'), 'config', '--quiet']);
  info('docker-compose.yml is valid (Compose v2 config)');
}

main().catch((error: unknown) => {
  console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
