import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/** The props types of the modules the shell loads from the remotes (@shop/routes), fingerprinted in contracts.json. */
export const EXPOSED_PROPS_TYPES = ['RemotePagesProps', 'FooterNewsletterProps', 'HeaderSearchProps', 'HeaderWidgetProps'] as const;

/** 'unknown': a props type the declarations do not hold; the checks before a promote then compare nothing for it. */
export const UNKNOWN_FINGERPRINT = 'unknown';

/**
 * The way the fingerprints below are made, written before each (`ts1:<hex>`): builds made
 * another way (the earlier fingerprints, bare hex digits over the declaration's text) are not
 * compared with these by the checks before a promote.
 */
export const PROPS_FINGERPRINT_SCHEME = 'ts1';

/**
 * A fingerprint (`ts1:` and 12 hex digits of SHA-256) of each named interface in a declaration file's text:
 * the declaration as the TypeScript printer writes it (type parameters, members and their nested
 * types; comments and layout left out), so a changed member anywhere in it changes the
 * fingerprint and a reworded comment does not. A name not declared as an interface there is
 * UNKNOWN_FINGERPRINT.
 */
export function interfaceFingerprints(declarations: string, names: readonly string[]): Record<string, string> {
  const source = ts.createSourceFile('routes.d.ts', declarations, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  const printed = new Map<string, string>();
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement))
      printed.set(statement.name.text, printer.printNode(ts.EmitHint.Unspecified, statement, source));
  }
  return Object.fromEntries(
    names.map((name) => {
      const text = printed.get(name);
      return [
        name,
        text === undefined
          ? UNKNOWN_FINGERPRINT
          : `${PROPS_FINGERPRINT_SCHEME}:${createHash('sha256').update(text).digest('hex').slice(0, 12)}`,
      ];
    }),
  );
}

/**
 * What the app was compiled against of the shell's side of the exposes (@shop/routes as the app
 * resolves it): the page ids the route table gives each remote (a remote's pages module renders
 * exactly its own, a shell routes to them), and the fingerprint of each props type
 * (interfaceFingerprints over the package's declarations).
 */
export function exposedPropsOf(appDir: string): { pages: Record<string, string[]>; props: Record<string, string> } {
  const resolve = createRequire(path.join(appDir, 'package.json'));
  const { ROUTES } = resolve('@shop/routes') as { ROUTES: ReadonlyArray<{ remote: string; page: string }> };
  const pages: Record<string, string[]> = {};
  for (const { remote, page } of ROUTES) pages[remote] = [...new Set([...(pages[remote] ?? []), page])].sort();
  const declarations = readFileSync(resolve.resolve('@shop/routes').replace(/\.js$/, '.d.ts'), 'utf8');
  return { pages, props: interfaceFingerprints(declarations, EXPOSED_PROPS_TYPES) };
}
