#!/usr/bin/env node
/**
 * Entry of `npm start`, `npm test`, `npm run dev` and the other commands on a fresh clone:
 * installs the dependencies when they are missing or older than package-lock.json (npm ci),
 * compiles the workspace packages when they never were, then hands over to the TypeScript
 * script of the command (scripts/<command>.ts, run with tsx).
 * Plain CommonJS because it must run before anything is installed.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const command = process.argv[2];
if (
  ![
    'start',
    'test',
    'dev',
    'bench-catalog',
    'bench-cart',
    'bench-account',
    'bench-content',
    'bench-admin',
    'bench-web',
    'bench-ssr',
    'create-admin',
    'compose-check',
    'k8s-check',
    'soak',
    'release',
    'releases',
    'rollback',
    'canary',
    'observe',
    'edge',
    'bench-edge',
    'backup',
    'restore',
  ].includes(command)
) {
  console.error(
    'usage: node scripts/bootstrap.cjs start|test|dev|bench-catalog|bench-cart|bench-account|bench-content|bench-admin|bench-web|bench-ssr|create-admin|compose-check|k8s-check|soak|release|releases|rollback|canary|observe|edge|bench-edge|backup|restore [args]',
  );
  process.exit(2);
}

const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');
const stale = !fs.existsSync(installed) || fs.statSync(installed).mtimeMs < fs.statSync(lock).mtimeMs;
if (stale) {
  console.log('▶ Installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The scripts import the workspace packages (@shop/*) by their package exports, which point at
// their compiled dist/: a fresh clone compiles them first (tsc -b is incremental; the services,
// shell and remotes are built by the commands that need them).
const packageProjects = fs
  .readdirSync(path.join(root, 'packages'))
  .map((name) => path.join('packages', name))
  .filter((dir) => fs.existsSync(path.join(root, dir, 'tsconfig.json')));
if (packageProjects.some((dir) => !fs.existsSync(path.join(root, dir, 'dist')))) {
  console.log('▶ Compiling the workspace packages (tsc -b)…');
  const typescript = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  // --force: a dist/ deleted beside an existing tsconfig.tsbuildinfo is otherwise taken as up to date.
  const result = spawnSync(process.execPath, [typescript, '-b', '--force', ...packageProjects], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const child = spawn(process.execPath, [tsx, path.join(__dirname, `${command}.ts`), ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl+C reaches the whole process group; a supervisor's SIGTERM reaches only us: pass it on
// so the script can stop every service and the database.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
