import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { ROOT } from './paths';

/** Runs a command to completion with inherited output. @throws Error on a non-zero exit. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/** Same as {@link run} but resolves to the exit code instead of throwing. */
export function runForExitCode(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** Long-running children, stopped together (Ctrl+C, end of tests). */
export class ProcessGroup {
  private readonly children: ChildProcess[] = [];

  /**
   * Starts a child in its own process group, so stopping it also stops what it started
   * (`npm run dev -w …` runs npm → sh → tsx → node; a signal to npm alone leaves the dev server).
   */
  spawn(name: string, command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], detached: true, ...options });
    child.once('exit', (code, signal) => {
      if (!this.stopping && code !== 0) console.error(`  ✖ ${name} stopped (${code ?? signal})`);
    });
    this.children.push(child);
    return child;
  }

  private stopping = false;

  /** SIGTERM to every child's process group, SIGKILL after 8 s; resolves when all children have exited. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const signalGroup = (signal: NodeJS.Signals) => {
              try {
                process.kill(-child.pid!, signal); // the whole group the child leads
              } catch {
                child.kill(signal);
              }
            };
            const timer = setTimeout(() => signalGroup('SIGKILL'), 8000);
            child.once('exit', () => {
              clearTimeout(timer);
              // Grandchildren (a dev server under npm) may outlive their parent by a moment.
              signalGroup('SIGTERM');
              resolve();
            });
            signalGroup('SIGTERM');
          }),
      ),
    );
  }
}

/** Polls `url` until it answers 200, or throws after `timeoutMs`. */
export async function waitForOk(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (${last})`);
}
