import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { info } from './log';
import { ROOT } from './paths';

const execFileAsync = promisify(execFile);

/** Jaeger's version (docs/operations.md 'npm run observe'; checked to build here from the Go module proxy). */
export const JAEGER_VERSION = 'v1.76.0';
const JAEGER_PACKAGE = 'github.com/jaegertracing/jaeger/cmd/jaeger';

/** Where the built binary lives (.tools/, like FerretDB). */
export const jaegerBinaryPath = () => path.join(ROOT, '.tools', `jaeger-${JAEGER_VERSION}`, 'jaeger');

/** Jaeger all-in-one's fixed local ports: the UI and query API, and the OTLP/HTTP receiver. */
export const JAEGER_PORTS = { ui: 16686, otlpHttp: 4318 } as const;

/**
 * Builds Jaeger with the Go toolchain on first use (a scratch module that requires it as a tool;
 * about 7 minutes on 2 cores, a 121 MB binary) and returns the binary's path.
 * @throws Error naming the missing tool or the failed step.
 */
export async function ensureJaeger(): Promise<string> {
  const binary = jaegerBinaryPath();
  if (existsSync(binary)) return binary;
  try {
    await execFileAsync('go', ['version']);
  } catch {
    throw new Error('Jaeger is built with the Go toolchain (`go`) on first use. Install Go (Debian: golang-go).');
  }
  info(`Building Jaeger ${JAEGER_VERSION} with the Go toolchain (first run only, about 7 minutes)…`);
  const env = { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' };
  const buildDir = await mkdtemp(path.join(tmpdir(), 'jaeger-build-'));
  const run = (args: string[]) => execFileAsync('go', args, { cwd: buildDir, env, maxBuffer: 64 * 1024 * 1024 });
  try {
    await writeFile(path.join(buildDir, 'go.mod'), 'module shop/jaeger-build\n\ngo 1.24\n');
    await run(['get', '-tool', `${JAEGER_PACKAGE}@${JAEGER_VERSION}`]);
    await mkdir(path.dirname(binary), { recursive: true });
    await run(['build', '-o', binary, JAEGER_PACKAGE]);
  } finally {
    await rm(buildDir, { recursive: true, force: true });
  }
  info(`Jaeger built at ${path.relative(ROOT, binary)}`);
  return binary;
}

/**
 * Starts Jaeger all-in-one (no arguments: in-memory storage, UI on :16686, OTLP on :4317/:4318).
 * Resolves once its UI answers. @returns a function that stops it.
 */
export async function startJaeger(logFile: string): Promise<{ stop(): Promise<void> }> {
  const binary = await ensureJaeger();
  const out = openSync(logFile, 'a');
  const child: ChildProcess = spawn(binary, [], { stdio: ['ignore', out, out] });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${JAEGER_PORTS.ui}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) throw new Error(`jaeger exited with ${child.exitCode} (see ${logFile})`);
    if (Date.now() > deadline) throw new Error(`jaeger did not answer on :${JAEGER_PORTS.ui} within 60 s (see ${logFile})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
