/**
 * Reads `read()` every 25 ms until it gives `expected` (===) and returns how long that took (ms),
 * for changes that reach another instance or cache asynchronously (within 2 s).
 * @throws after `timeoutMs` (default 5000) naming the last value.
 */
export async function msUntil(read: () => Promise<unknown>, expected: unknown, timeoutMs = 5000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await read()) === expected) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`still ${String(await read())} after ${timeoutMs} ms, expected ${String(expected)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
