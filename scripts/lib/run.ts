import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/**
 * How a crashed child is restarted: after `baseDelayMs`, doubling with each crash (1 s, 2 s, 4 s …),
 * at most `maxRestarts` times within `windowMs`; then the group gives up on it loudly.
 */
export interface RestartPolicy {
  maxRestarts: number;
  windowMs: number;
  baseDelayMs: number;
}

/** Restarts of `npm start`'s services (a killed service stayed dead). */
export const SERVICE_RESTART_POLICY: RestartPolicy = { maxRestarts: 5, windowMs: 60_000, baseDelayMs: 1000 };

interface Supervised {
  name: string;
  current: ChildProcess;
}

/**
 * Long-running children, stopped together (Ctrl+C, end of tests). A child spawned with a
 * RestartPolicy is supervised: when it exits without being asked to, it is started again with
 * backoff and each restart is logged; after too many crashes in the window the group stops
 * trying and says so (as docker-compose's restart policy does in deployment).
 */
export class ProcessGroup {
  private readonly children: Supervised[] = [];
  private stopping = false;

  /**
   * @param log where restart and give-up lines go (default: stderr).
   * @param pidDir where each child's current pid is kept as `<name>.pid` (updated on restart), for
   *   operators and for the journey that kills a service; none when omitted.
   */
  constructor(
    private readonly log: (line: string) => void = (line) => console.error(line),
    private readonly pidDir: string | null = null,
  ) {}

  /**
   * Starts a child in its own process group, so stopping it also stops what it started
   * (`npm run dev -w …` runs npm → sh → tsx → node; a signal to npm alone leaves the dev server).
   */
  spawn(name: string, command: string, args: string[], options: SpawnOptions = {}, restart?: RestartPolicy): ChildProcess {
    const start = () => {
      const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], detached: true, ...options });
      if (this.pidDir && child.pid) {
        mkdirSync(this.pidDir, { recursive: true });
        writeFileSync(path.join(this.pidDir, `${name}.pid`), String(child.pid));
      }
      return child;
    };
    const entry: Supervised = { name, current: start() };
    this.children.push(entry);
    const crashes: number[] = [];
    const watch = (child: ChildProcess) => {
      child.once('exit', (code, signal) => {
        if (this.stopping) return;
        const reason = `${code ?? signal}`;
        if (!restart) {
          if (code !== 0) this.log(`  ✖ ${name} stopped (${reason})`);
          return;
        }
        const now = Date.now();
        while (crashes.length && crashes[0]! < now - restart.windowMs) crashes.shift();
        if (crashes.length >= restart.maxRestarts) {
          this.log(
            `  ✖ ${name} keeps stopping (${reason}; ${crashes.length} restarts within ${restart.windowMs / 1000} s): not restarted again. Its part of the shop is unavailable until you restart it.`,
          );
          return;
        }
        crashes.push(now);
        const delay = restart.baseDelayMs * 2 ** (crashes.length - 1);
        this.log(
          `  ↻ ${name} stopped (${reason}); restarting in ${delay / 1000} s (restart ${crashes.length} of at most ${restart.maxRestarts} per ${restart.windowMs / 1000} s)`,
        );
        setTimeout(() => {
          if (this.stopping) return;
          entry.current = start();
          watch(entry.current);
        }, delay).unref();
      });
    };
    watch(entry.current);
    return entry.current;
  }

  /**
   * Sends `signal` to the current process of the child named `name` (the fault tests: SIGKILL,
   * SIGTERM, SIGSTOP, SIGCONT). A child that exits is restarted by its policy as after a crash.
   * @throws when no child has that name.
   */
  signal(name: string, signal: NodeJS.Signals): void {
    const entry = this.children.find((child) => child.name === name);
    if (!entry?.current.pid) throw new Error(`no process named ${name}`);
    process.kill(entry.current.pid, signal);
  }

  /** SIGTERM to every child's process group, SIGKILL after 8 s; resolves when all children have exited. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.children.map(
        ({ current: child }) =>
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
