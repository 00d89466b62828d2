/**
 * Work a process must finish before it exits after a graceful shutdown (run-server.ts), e.g.
 * sending the spans still batched. No OpenTelemetry import here: every server loads this file.
 */
const hooks: Array<() => Promise<void>> = [];

/** Registers `hook` to run (once, awaited, its errors ignored) before the process exits. */
export function beforeProcessExit(hook: () => Promise<void>): void {
  hooks.push(hook);
}

/** Runs every registered hook, at most `timeoutMs` in all. */
export async function runBeforeExitHooks(timeoutMs = 2000): Promise<void> {
  const all = Promise.allSettled(hooks.splice(0).map((hook) => hook()));
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}
