/**
 * docker/backup.sh, the compose stack's scheduled backup: an archive holds every customer's
 * personal data and password hashes, so under a permissive umask (022, a container's usual) and
 * in a volume folder created 0755 it still writes the folder 0700 and its archives 0600, as
 * `npm run backup` does (scripts/lib/backup.test.ts). The script runs as it is in the container;
 * only MongoDB's `mongodump` (not installed here, and it needs a replica set for `--oplog`) is a
 * program on PATH that writes the archive it is asked for.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, '..', 'docker', 'backup.sh');
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'shop-docker-backup-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const modeOf = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);

test('under umask 022 the backup folder becomes 0700 and the archive is written 0600', async () => {
  const bin = path.join(work, 'bin');
  await mkdir(bin);
  await writeFile(
    path.join(bin, 'mongodump'),
    '#!/bin/sh\nfor arg in "$@"; do case "$arg" in --archive=*) printf archive > "${arg#--archive=}";; esac; done\n',
  );
  await chmod(path.join(bin, 'mongodump'), 0o755);
  const backups = path.join(work, 'backups');
  await mkdir(backups);
  await chmod(backups, 0o755);

  const child = spawn('/bin/sh', ['-c', 'umask 022 && exec /bin/sh "$0" "$1"', SCRIPT, backups], {
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, MONGODB_URI: 'mongodb://mongodb:27017/?replicaSet=rs0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: the script sleeps until the next backup, and the group is stopped with it.
    detached: true,
  });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no backup written:\n${output}`)), 10_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('backup written:')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.on('exit', (code) => reject(new Error(`backup.sh exited with ${code}:\n${output}`)));
    });
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
  }

  const archives = await readdir(backups);
  expect(archives).toEqual([expect.stringMatching(/^shop-[0-9T:-]+Z\.archive\.gz$/)]);
  expect(await modeOf(backups)).toBe('700');
  expect(await modeOf(path.join(backups, archives[0]!))).toBe('600');
});
