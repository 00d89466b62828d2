import { ProcessGroup } from './run';

/** Supervision of `npm start`'s processes (a killed service stayed dead). */
const waitFor = async (predicate: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

test('a crashing child is restarted with growing delays, then given up on loudly', async () => {
  const lines: string[] = [];
  const group = new ProcessGroup((line) => lines.push(line));
  group.spawn(
    'flaky',
    process.execPath,
    ['-e', 'process.exit(3)'],
    { stdio: 'ignore' },
    { maxRestarts: 2, windowMs: 60_000, baseDelayMs: 50 },
  );
  await waitFor(() => lines.some((line) => line.includes('keeps stopping')));
  expect(lines).toEqual([
    expect.stringMatching(/^ {2}↻ flaky stopped \(3\); restarting in 0\.05 s \(restart 1 of at most 2 per 60 s\)$/),
    expect.stringMatching(/^ {2}↻ flaky stopped \(3\); restarting in 0\.1 s \(restart 2 of at most 2 per 60 s\)$/),
    expect.stringMatching(/^ {2}✖ flaky keeps stopping \(3; 2 restarts within 60 s\): not restarted again\./),
  ]);
  await group.stopAll();
});

test('a killed child comes back; stopping the group stops it for good', async () => {
  const lines: string[] = [];
  const group = new ProcessGroup((line) => lines.push(line));
  const first = group.spawn(
    'steady',
    process.execPath,
    ['-e', 'setInterval(() => {}, 1000)'],
    { stdio: 'ignore' },
    { maxRestarts: 3, windowMs: 60_000, baseDelayMs: 50 },
  );
  process.kill(-first.pid!, 'SIGKILL');
  await waitFor(() => lines.length === 1);
  expect(lines[0]).toMatch(/^ {2}↻ steady stopped \(SIGKILL\); restarting in 0\.05 s/);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await group.stopAll();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(lines).toHaveLength(1); // no restart after stopAll
});
