/**
 * Every error code the gateway, a service or the shared cache writes into an answer is in the
 * contracts' list (@shop/contracts ERROR_CODES), which browsers and API clients branch on. Read
 * from the sources: each object literal that carries a `message` and a literal `code`, and the
 * codes of the VCL's synthetic answers. The type system covers what passes through ErrorCode;
 * this covers what is written by hand (a reply.send of a literal, the cache's JSON).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@shop/contracts';
import { ROOT } from './lib/paths';

/** Source files of the apps' servers and shared packages: no tests, test support or seed data. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return ['node_modules', 'dist', 'test-support', 'seed'].includes(name) ? [] : sources(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

const ANSWER_CODE = /message:[^{}]*?\bcode: '([A-Z][A-Z0-9_]+)'/g;

test('every code an answer carries is one of the contracts', () => {
  const roots = ['services', 'packages'].flatMap((top) =>
    readdirSync(path.join(ROOT, top)).map((name) => path.join(ROOT, top, name, 'src')),
  );
  const sent = new Map<string, string>();
  for (const file of roots.flatMap((root) => (statSync(root, { throwIfNoEntry: false })?.isDirectory() ? sources(root) : []))) {
    for (const [, code] of readFileSync(file, 'utf8').matchAll(ANSWER_CODE)) sent.set(code!, path.relative(ROOT, file));
  }
  for (const [, code] of readFileSync(path.join(ROOT, 'deploy', 'varnish', 'shop.vcl'), 'utf8').matchAll(/"code":"([A-Z0-9_]+)"/g))
    sent.set(code!, 'deploy/varnish/shop.vcl');
  // The reading finds the codes answers are written with (a broken pattern would find none).
  expect(sent.get('PREVIEW_REFUSED')).toBe('services/gateway/src/storefront/storefront.ts');
  expect(sent.size).toBeGreaterThan(20);
  const known = new Set<string>(ERROR_CODES);
  expect([...sent].filter(([code]) => !known.has(code)).map(([code, file]) => `${code} (${file})`)).toEqual([]);
});
