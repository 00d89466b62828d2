/**
 * The browser contracts between slices, read from the source: which slice emits and listens to
 * each event of `ShopEvents`, and which asks and answers each request of `ShopRequests`
 * (`emit`/`on`/`request`/`handle` of @shop/event-bus, called with the name as a string literal,
 * as every caller does). Used by `scripts/event-contracts.test.ts`; a release check can run it on
 * the sources of the versions about to be live together.
 */

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One source file: its path from the repository root and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

type Role = 'emits' | 'listens' | 'asks' | 'answers';
const ROLE_OF: Record<string, Role> = { emit: 'emits', on: 'listens', request: 'asks', handle: 'answers' };

/** A bus call with a literal name; not a method of something else (`api.on(…)`). */
const CALL = /(?<![.\w])(emit|on|request|handle)\(\s*'([a-z]+:[a-z-]+)'/g;

/** The slice a file belongs to: `mf-cart/…` → 'cart'; the shell and its packages → 'shell'. */
export function sliceOf(path: string): string {
  const remote = /^mf-([a-z]+)\//.exec(path);
  return remote ? remote[1]! : 'shell';
}

/** For each name: the slices in each role. */
export type ContractUse = Map<string, Record<Role, Set<string>>>;

export function contractUse(files: SourceFile[]): ContractUse {
  const use: ContractUse = new Map();
  for (const file of files) {
    for (const match of file.text.matchAll(CALL)) {
      const [, call, name] = match;
      const roles = use.get(name!) ?? { emits: new Set(), listens: new Set(), asks: new Set(), answers: new Set() };
      roles[ROLE_OF[call!]!].add(sliceOf(file.path));
      use.set(name!, roles);
    }
  }
  return use;
}

/**
 * What is wrong with the contracts as the sources use them, one line each (empty when
 * all is well): a name the contracts do not define, an event listened to that nobody emits, a
 * request asked that nobody answers or answered by two slices, and a contract nobody produces.
 * A retired event (`contracts.retired`, RETIRED_SHOP_EVENTS) need not be emitted; using one is a
 * problem unless `retiredUse` is 'allowed' (a live set, where a release built before may still
 * announce it).
 */
export function contractProblems(
  use: ContractUse,
  contracts: { events: string[]; requests: string[]; retired?: readonly string[] },
  retiredUse: 'refused' | 'allowed' = 'refused',
): string[] {
  const retired = new Set(contracts.retired ?? []);
  const problems: string[] = [];
  const list = (slices: Set<string>) => [...slices].sort().join(', ');
  for (const [name, roles] of use) {
    const isEvent = contracts.events.includes(name);
    const isRequest = contracts.requests.includes(name);
    if (!isEvent && !isRequest)
      problems.push(
        `'${name}' is used (${list(new Set([...roles.emits, ...roles.listens, ...roles.asks, ...roles.answers]))}) but is no contract`,
      );
    if (retired.has(name) && retiredUse === 'refused')
      problems.push(`event '${name}' is retired but still used (${list(new Set([...roles.emits, ...roles.listens]))})`);
    if (roles.listens.size && !roles.emits.size)
      problems.push(`event '${name}' is listened to by ${list(roles.listens)} but emitted by nobody`);
    if (roles.asks.size && !roles.answers.size) problems.push(`request '${name}' is asked by ${list(roles.asks)} but answered by nobody`);
    if (roles.answers.size > 1) problems.push(`request '${name}' is answered by several slices: ${list(roles.answers)}`);
    if (roles.answers.size && !roles.asks.size)
      problems.push(`request '${name}' is answered by ${list(roles.answers)} but asked by nobody`);
  }
  for (const name of contracts.events)
    if (!retired.has(name) && !use.get(name)?.emits.size) problems.push(`event '${name}' is a contract that nobody emits`);
  for (const name of contracts.requests)
    if (!use.get(name)?.answers.size) problems.push(`request '${name}' is a contract that nobody answers`);
  return problems;
}

/**
 * The browser sources of the repository at `root` as git lists them (shell, remotes, shared
 * packages; tests and test helpers left out); `under` narrows them to some folders.
 */
export function browserSources(root: string, under: string[] = ['shell/src', 'mf-*/src/*', 'packages/*/src/*']): SourceFile[] {
  const paths = execFileSync('git', ['ls-files', '--', ...under], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/^packages\/(test-dom|test-fixtures)\//.test(file));
  return paths.map((file) => ({ path: file, text: readFileSync(path.join(root, file), 'utf8') }));
}
