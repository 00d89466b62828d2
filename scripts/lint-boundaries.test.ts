import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The slice boundaries are enforced by ESLint (eslint.config.mjs): deliberate
 * violations, linted as if they were files of the tree, fail; an allowed import passes.
 * Every probe below is linted in one ESLint process before the tests (its config and plugins
 * load once); `lint` returns a probe's result.
 */
const ROOT = path.resolve(__dirname, '..');

/** Lints `{ filePath, code }[]` from stdin with the tree's config; prints `{ status, output }[]`. */
const LINT_PROBES = `
import { ESLint } from 'eslint';
const probes = JSON.parse(await new Response(process.stdin).text());
const eslint = new ESLint({ cwd: process.cwd() });
const results = [];
for (const { filePath, code } of probes) {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result ? result.messages : [];
  results.push({
    status: messages.some((message) => message.severity === 2) ? 1 : 0,
    output: messages.map((message) => (message.ruleId ?? '') + ': ' + message.message).join(' | '),
  });
}
process.stdout.write(JSON.stringify(results));
`;

const REMOTE_IMPORTS = [
  [
    'a remote importing another remote',
    'mf-cart/src/features/probe.ts',
    "import { LoadError } from '../../../mf-catalog/src/components/load-error';\nexport const probe = LoadError;\n",
  ],
  [
    'a remote importing a service',
    'mf-cart/src/features/probe.ts',
    "import { CartEnv } from '../../../services/cart/src/config';\nexport const probe = CartEnv;\n",
  ],
  [
    'a service importing another service',
    'services/cart/src/probe.ts',
    "import { buildApp } from '../../catalog/src/app';\nexport const probe = buildApp;\n",
  ],
  [
    'a package importing an app',
    'packages/format/src/probe.ts',
    "import { App } from '../../../shell/src/app';\nexport const probe = App;\n",
  ],
  [
    'an e2e journey importing service source',
    'e2e/tests/probe.spec.ts',
    "import { buildApp } from '../../services/cart/src/app';\nexport const probe = buildApp;\n",
  ],
  [
    'the shell importing a remote',
    'shell/src/probe.ts',
    "import { CartPage } from '../../mf-cart/src/features/cart-page/cart-page';\nexport const probe = CartPage;\n",
  ],
] as const;

const FEATURE_LAYOUT_IMPORTS = [
  [
    'a feature importing another feature',
    'mf-catalog/src/features/home/probe.ts',
    "import { SearchBox } from '../search/search-box';\nexport const probe = SearchBox;\n",
  ],
  [
    'a shared component importing a feature',
    'mf-catalog/src/components/probe.ts',
    "import { HomePage } from '../features/home/home-page';\nexport const probe = HomePage;\n",
  ],
  [
    'a feature importing what the remote exposes',
    'mf-cart/src/features/checkout/probe.ts',
    "import CartButton from '../../exposes/cart-button';\nexport const probe = CartButton;\n",
  ],
] as const;

const FEATURE_OWN_FILES =
  "import { ProductGrid } from '../../components/product-card';\nimport { catalogQueries } from '../../api/catalog-queries';\nimport { HomePage } from './home-page';\nexport const probe = [ProductGrid, catalogQueries, HomePage];\n";
const TEST_FIXTURES = "import { demoOrderBody } from '@shop/test-fixtures';\nexport const probe = demoOrderBody;\n";
const UNSHARED_ROUTER = "import { useMatches } from 'react-router-dom';\nexport const probe = useMatches;\n";
const SHARED_ROUTER = "import { Link } from 'react-router-dom';\nexport const probe = Link;\n";
const SHARED_PACKAGE = "import { Button } from '@shop/ui';\nexport const probe = Button;\n";

const PROBES: Array<readonly [filePath: string, code: string]> = [
  ...[...REMOTE_IMPORTS, ...FEATURE_LAYOUT_IMPORTS].map(([, filePath, code]) => [filePath, code] as const),
  ['mf-cart/src/features/probe.ts', SHARED_PACKAGE],
  ['mf-catalog/src/features/home/probe.ts', FEATURE_OWN_FILES],
  ['services/cart/src/orders/probe.ts', TEST_FIXTURES],
  ['services/cart/src/orders/probe.test.ts', TEST_FIXTURES],
  ['mf-cart/src/features/probe.ts', UNSHARED_ROUTER],
  ['mf-cart/src/features/probe.test.ts', UNSHARED_ROUTER],
  ['shell/src/server/probe.ts', UNSHARED_ROUTER],
  ['mf-cart/src/features/probe.ts', SHARED_ROUTER],
];
const results = new Map<string, { status: number; output: string }>();

beforeAll(() => {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', LINT_PROBES], {
    cwd: ROOT,
    input: JSON.stringify(PROBES.map(([filePath, code]) => ({ filePath, code }))),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the lint run failed: ${run.stderr}`);
  const answers = JSON.parse(run.stdout) as Array<{ status: number; output: string }>;
  PROBES.forEach(([filePath, code], index) => results.set(`${filePath}\n${code}`, answers[index]!));
}, 120_000);

/** The lint result of one of PROBES. */
function lint(filePath: string, code: string): { status: number; output: string } {
  const result = results.get(`${filePath}\n${code}`);
  if (!result) throw new Error(`not among the probes: ${filePath}`);
  return result;
}

test.each(REMOTE_IMPORTS)('%s fails the lint', (_label, filePath, code) => {
  const { status, output } = lint(filePath, code);
  expect(status).toBe(1);
  expect(output).toContain('boundaries/dependencies');
});

test('a remote importing a shared package passes', () => {
  const { status, output } = lint('mf-cart/src/features/probe.ts', SHARED_PACKAGE);
  expect(output).toBe('');
  expect(status).toBe(0);
});

test.each(FEATURE_LAYOUT_IMPORTS)('%s fails the lint (bulletproof-react layout inside remotes)', (_label, filePath, code) => {
  const { status, output } = lint(filePath, code);
  expect(status).toBe(1);
  expect(output).toContain('import-x/no-restricted-paths');
});

test('a feature importing its own files and the shared folders passes', () => {
  const code = FEATURE_OWN_FILES;
  const { status, output } = lint('mf-catalog/src/features/home/probe.ts', code);
  expect(output).toBe('');
  expect(status).toBe(0);
});

test('app code importing the test fixtures fails the lint; a test may', () => {
  const code = TEST_FIXTURES;
  const app = lint('services/cart/src/orders/probe.ts', code);
  expect(app.status).toBe(1);
  expect(app.output).toContain('no-restricted-imports');
  const spec = lint('services/cart/src/orders/probe.test.ts', code);
  expect(spec.output).toBe('');
  expect(spec.status).toBe(0);
});

test('browser code importing what the browser builds do not share of react-router-dom fails the lint; a test and the server render may', () => {
  const code = UNSHARED_ROUTER;
  const remote = lint('mf-cart/src/features/probe.ts', code);
  expect(remote.status).toBe(1);
  expect(remote.output).toContain('packages/webpack-config/shared/react-router-dom.mjs');
  expect(lint('mf-cart/src/features/probe.test.ts', code).status).toBe(0);
  expect(lint('shell/src/server/probe.ts', code).status).toBe(0);
  const shared = lint('mf-cart/src/features/probe.ts', SHARED_ROUTER);
  expect(shared.output).toBe('');
  expect(shared.status).toBe(0);
});

test('a remote styling a class without its slice prefix fails the CSS lint; its own prefix passes', () => {
  const stylelint = (code: string) =>
    spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/stylelint/bin/stylelint.mjs'), '--stdin-filename', 'mf-cart/src/styles/probe.css'],
      {
        cwd: ROOT,
        input: code,
        encoding: 'utf8',
      },
    );
  const foreign = stylelint('.catalog-product-card { color: red; }\n');
  expect(foreign.status).toBe(2);
  expect(`${foreign.stdout}${foreign.stderr}`).toContain('selector-class-pattern');
  expect(stylelint('.cart-line-item__name { color: red; }\n').status).toBe(0);
});
