import { spawn } from 'node:child_process';

/**
 * Runs a command to its end, as a test's setup does (a webpack build, one of the shop's
 * commands). Resolves with its output (stdout and stderr as they came); rejects with the command
 * and that output when it exits with another code than 0.
 */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed:\n${output}`))));
  });
}
