/**
 * The checks a release passes before it goes live (docs/releases.md 'Checks before a promote'),
 * over the slices that would be live together: the shell as the tree has it, each other remote
 * as its live release (or its build in the tree), and the candidate. Pure functions over release
 * records; each problem is one line a developer can act on.
 */
import semver from 'semver';
import type { ReleaseRecord } from '@shop/contracts/admin';
import { FOOTER_NEWSLETTER, HEADER_SEARCH, HEADER_WIDGETS, PAGES_EXPOSE, ROUTES } from '@shop/routes';
import { contractProblems, type ContractUse } from './event-contracts';

/** A slice as it would be live: the shell, or a remote's release (or tree build), with what it was built against. */
export interface LiveSlice {
  /** 'shell' or the remote's name. */
  slice: string;
  /** The release's version; 'tree' for a build in the shop's tree. */
  version: string;
  shared: ReleaseRecord['shared'];
  events: ReleaseRecord['events'];
  /** Page ids per remote and props fingerprints it was built against (absent for builds made before they were kept). */
  pages?: ReleaseRecord['pages'];
  props?: ReleaseRecord['props'];
  /** Per narrowed shared module (share key), the names the slice's browser build uses of it (absent for builds made before they were kept). */
  narrowedImports?: ReleaseRecord['narrowedImports'];
  /** Per narrowed shared module, the names its own copy exports: the shell's is the one a page loads (absent as above). */
  narrowedProvides?: Record<string, string[]>;
}

const label = (live: LiveSlice) => (live.version === 'tree' ? `${live.slice} (tree build)` : `${live.slice} ${live.version}`);

/**
 * Shared singletons (one copy per page, the shell's): every library the candidate shares with the
 * shell must be one version both accept, the shell's version within the candidate's required range
 * and the candidate's within the shell's (the runtime may load either). Module Federation only
 * warns in the browser console when they do not fit; here the release is refused.
 */
export function singletonProblems(candidate: LiveSlice, shell: LiveSlice): string[] {
  const problems: string[] = [];
  for (const [name, built] of Object.entries(candidate.shared)) {
    const provided = shell.shared[name];
    if (!provided) continue;
    if (!semver.satisfies(provided.version, built.requiredVersion))
      problems.push(`${label(candidate)} requires ${name} ${built.requiredVersion}, but the shell provides ${provided.version}`);
    else if (!semver.satisfies(built.version, provided.requiredVersion))
      problems.push(`${label(candidate)} brings ${name} ${built.version}, outside the shell's range ${provided.requiredVersion}`);
  }
  return problems;
}

/**
 * The browser contracts across the set: every event listened to is emitted by a slice of the set,
 * every request asked is answered by exactly one, none is dead (the same rules as the source check,
 * scripts/event-contracts.test.ts), and every slice that emits, listens to, asks or answers one
 * contract was built against the same schema of it (fingerprints): a payload one slice sends is
 * the payload the others parse.
 */
export function contractProblemsOf(
  set: LiveSlice[],
  contracts: { events: string[]; requests: string[]; retired?: readonly string[] },
): string[] {
  const use: ContractUse = new Map();
  for (const live of set) {
    for (const role of ['emits', 'listens', 'asks', 'answers'] as const) {
      for (const name of live.events[role]) {
        const roles = use.get(name) ?? { emits: new Set(), listens: new Set(), asks: new Set(), answers: new Set() };
        roles[role].add(live.slice);
        use.set(name, roles);
      }
    }
  }
  const problems = contractProblems(use, contracts, 'allowed');
  for (const name of [...use.keys()].sort()) {
    const seen = new Map<string, string[]>();
    for (const live of set) {
      const fingerprint = live.events.fingerprints[name];
      if (!fingerprint) continue;
      seen.set(fingerprint, [...(seen.get(fingerprint) ?? []), label(live)]);
    }
    if (seen.size > 1)
      problems.push(
        `'${name}' was built against different schemas: ${[...seen.values()].map((slices) => slices.join(', ')).join(' / ')} (rebuild against one @shop/contracts)`,
      );
  }
  return problems;
}

/**
 * The modules the shell loads from a slice's remote (@shop/routes): its pages for the routes the
 * table gives it, the header's search box, its header widgets, the footer's sign-up. Each is named with where
 * the shell uses it and the type of the props it passes.
 */
export function modulesLoadedFrom(slice: string): Array<{ exposed: string; usedFor: string; props: string | null }> {
  const modules: Array<{ exposed: string; usedFor: string; props: string | null }> = [];
  if (ROUTES.some((route) => route.remote === slice))
    modules.push({ exposed: PAGES_EXPOSE, usedFor: 'its pages', props: 'RemotePagesProps' });
  if (HEADER_SEARCH.remote === slice)
    modules.push({ exposed: HEADER_SEARCH.exposed, usedFor: "the header's search box", props: 'HeaderSearchProps' });
  for (const widget of HEADER_WIDGETS)
    if (widget.remote === slice)
      modules.push({ exposed: widget.exposed, usedFor: `the header's ${widget.slot} widget`, props: 'HeaderWidgetProps' });
  if (FOOTER_NEWSLETTER.remote === slice)
    modules.push({ exposed: FOOTER_NEWSLETTER.exposed, usedFor: "the footer's newsletter sign-up", props: 'FooterNewsletterProps' });
  return modules;
}

/**
 * Whether two props fingerprints were made the same way (@shop/webpack-config exposed-props:
 * `<scheme>:<hex>`; bare hex digits are the earlier way), so that a difference means another
 * declaration; 'unknown' (a declaration that could not be read) compares with nothing.
 */
function comparable(a: string, b: string): boolean {
  const scheme = (fingerprint: string) => (fingerprint.includes(':') ? fingerprint.split(':')[0] : '');
  return a !== 'unknown' && b !== 'unknown' && scheme(a) === scheme(b);
}

/**
 * Exposes: the candidate must still expose every module the shell loads from its slice, with the
 * props the shell passes: each props type (@shop/routes) built from the same declaration, and
 * every page id the shell's route table gives the slice among those its pages module renders (a
 * page it does not know would render nothing). A side without these records (a build made before
 * they were kept) is not compared.
 */
export function exposeProblems(
  candidate: Pick<ReleaseRecord, 'slice' | 'version' | 'exposes' | 'pages' | 'props'>,
  shell: Pick<LiveSlice, 'pages' | 'props'>,
): string[] {
  const name = `${candidate.slice} ${candidate.version}`;
  const problems: string[] = [];
  for (const { exposed, usedFor, props } of modulesLoadedFrom(candidate.slice)) {
    if (!candidate.exposes.includes(exposed)) {
      problems.push(`${name} no longer exposes '${exposed}', which the shell loads for ${usedFor}`);
      continue;
    }
    const built = props ? candidate.props?.[props] : undefined;
    const expected = props ? shell.props?.[props] : undefined;
    if (props && built && expected && comparable(built, expected) && built !== expected)
      problems.push(`${name} was built against other props of '${exposed}' (${props}) than the shell passes`);
  }
  const rendered = candidate.pages?.[candidate.slice];
  const routed = shell.pages?.[candidate.slice];
  if (rendered && routed)
    for (const page of routed.filter((page) => !rendered.includes(page)))
      problems.push(`${name} has no page '${page}', which the shell routes to it (built against another route table)`);
  return problems;
}

/** The shell's build as the messages name it. */
const build = (shell: LiveSlice) => (shell.version === 'tree' ? 'tree build' : shell.version);
/** 'it' or 'them', for the names of a message. */
const them = (names: string[]) => (names.length > 1 ? 'them' : 'it');

/**
 * The names a remote uses of each narrowed shared module (react-router-dom, React Query:
 * packages/webpack-config/shared/) that the shell's copy, the one every page loads, does not
 * export: at run time each is `undefined` in the shopper's browser. A share key the shell
 * provides no narrowed copy of is not compared (the shell then shares the whole library, or the
 * remote loads its own copy), nor a side without these records (a build made before they were kept).
 */
function namesTheShellLacks(remote: LiveSlice, shell: LiveSlice): Array<{ module: string; names: string[] }> {
  const provided = shell.narrowedProvides;
  if (!provided || !remote.narrowedImports) return [];
  return Object.entries(remote.narrowedImports).flatMap(([module, names]) => {
    const exported = provided[module];
    const missing = exported ? names.filter((name) => !exported.includes(name)) : [];
    return missing.length ? [{ module, names: missing }] : [];
  });
}

/**
 * Narrowed shared modules, a remote going live: every name it uses of them must be exported by
 * the live shell's copy (namesTheShellLacks), else the release is refused until a shell that
 * exports them is deployed.
 */
export function narrowedImportProblems(remote: LiveSlice, shell: LiveSlice): string[] {
  return namesTheShellLacks(remote, shell).map(
    ({ module, names }) =>
      `${label(remote)} uses ${names.join(', ')} of ${module}, which the shell's narrowed copy (${build(shell)}) does not export: deploy a shell that exports ${them(names)} first`,
  );
}

/**
 * Narrowed shared modules, a shell going live: its copies must still export every name a live
 * remote (each live and canary version, or a tree build) uses of them (namesTheShellLacks).
 */
export function shellNarrowedProblems(shell: LiveSlice, remotes: LiveSlice[]): string[] {
  return remotes.flatMap((remote) =>
    namesTheShellLacks(remote, shell).map(
      ({ module, names }) =>
        `the shell's narrowed ${module} (${build(shell)}) does not export ${names.join(', ')}, which ${label(remote)} uses: keep ${them(names)} in packages/webpack-config/shared/ while a live remote uses ${them(names)}`,
    ),
  );
}
