import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The slice boundaries are enforced by ESLint (eslint.config.mjs): deliberate
 * violations, linted as if they were files of the tree, fail; an allowed import passes.
 */
const ROOT = path.resolve(__dirname, '..');

function lint(filePath: string, code: string) {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', filePath],
    { cwd: ROOT, input: code, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test.each([
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
])(
  '%s fails the lint',
  (_label, filePath, code) => {
    const { status, output } = lint(filePath, code);
    expect(status).toBe(1);
    expect(output).toContain('boundaries/dependencies');
  },
  60_000,
);

test('a remote importing a shared package passes', () => {
  const { status, output } = lint('mf-cart/src/features/probe.ts', "import { Button } from '@shop/ui';\nexport const probe = Button;\n");
  expect(output).toBe('');
  expect(status).toBe(0);
}, 60_000);

test.each([
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
])(
  '%s fails the lint (bulletproof-react layout inside remotes)',
  (_label, filePath, code) => {
    const { status, output } = lint(filePath, code);
    expect(status).toBe(1);
    expect(output).toContain('import-x/no-restricted-paths');
  },
  60_000,
);

test('a feature importing its own files and the shared folders passes', () => {
  const code =
    "import { ProductGrid } from '../../components/product-card';\nimport { catalogQueries } from '../../api/catalog-queries';\nimport { HomePage } from './home-page';\nexport const probe = [ProductGrid, catalogQueries, HomePage];\n";
  const { status, output } = lint('mf-catalog/src/features/home/probe.ts', code);
  expect(output).toBe('');
  expect(status).toBe(0);
}, 60_000);

test('app code importing the test fixtures fails the lint; a test may', () => {
  const code = "import { demoOrderBody } from '@shop/test-fixtures';\nexport const probe = demoOrderBody;\n";
  const app = lint('services/cart/src/orders/probe.ts', code);
  expect(app.status).toBe(1);
  expect(app.output).toContain('no-restricted-imports');
  const spec = lint('services/cart/src/orders/probe.test.ts', code);
  expect(spec.output).toBe('');
  expect(spec.status).toBe(0);
}, 60_000);

test('browser code importing what the browser builds do not share of react-router-dom fails the lint; a test and the server render may', () => {
  const code = "import { useMatches } from 'react-router-dom';\nexport const probe = useMatches;\n";
  const remote = lint('mf-cart/src/features/probe.ts', code);
  expect(remote.status).toBe(1);
  expect(remote.output).toContain('packages/webpack-config/shared/react-router-dom.mjs');
  expect(lint('mf-cart/src/features/probe.test.ts', code).status).toBe(0);
  expect(lint('shell/src/server/probe.ts', code).status).toBe(0);
  const shared = lint('mf-cart/src/features/probe.ts', "import { Link } from 'react-router-dom';\nexport const probe = Link;\n");
  expect(shared.output).toBe('');
  expect(shared.status).toBe(0);
}, 60_000);

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
}, 60_000);
