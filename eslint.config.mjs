// ESLint (flat config): the slice boundaries of docs/architecture.md as rules.
// A remote never imports another remote, the shell or a service; a service never imports
// another service or browser code; packages never import apps; no import cycles.
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import * as sharedRouter from './packages/webpack-config/shared/react-router-dom.mjs';
import * as sharedQuery from './packages/webpack-config/shared/react-query.mjs';

/** Test data and test support: never in code that ships. */
const NOT_SHIPPED = [
  { name: '@shop/test-fixtures', message: 'Test and demo data: only tests, e2e journeys and scripts import it.' },
  { name: '@shop/test-dom', message: 'Component-test support: only tests import it.' },
];

const resolver = createTypeScriptImportResolver({
  project: ['tsconfig.checks.json', 'shell/tsconfig.json', 'mf-*/tsconfig.json', 'services/*/tsconfig.json', 'packages/*/tsconfig.json'],
  noWarnOnMultipleProjects: true,
});

/**
 * The bulletproof-react shape inside each remote. `src/features/<name>/` holds one
 * screen or flow and imports no other feature; what several features use lives in the shared
 * folders (components, hooks, lib, stores, api, config), which import no feature; `exposes/`
 * (what the remote publishes, its app layer) composes features and is imported by none of them.
 */
const SHARED_FOLDERS = ['api', 'components', 'config', 'hooks', 'lib', 'stores'];
const subfolders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const remoteLayoutZones = subfolders('.')
  .filter((name) => name.startsWith('mf-'))
  .flatMap((remote) => {
    const src = `./${remote}/src`;
    return [
      ...subfolders(`${src}/features`).map((feature) => ({
        target: `${src}/features/${feature}`,
        from: `${src}/features`,
        except: [`./${feature}`],
        message: 'A feature imports no other feature: move what both need to components/, hooks/, lib/ or stores/.',
      })),
      {
        target: SHARED_FOLDERS.map((folder) => `${src}/${folder}`),
        from: [`${src}/features`, `${src}/exposes`],
        message: 'Shared folders import no feature and no exposed module.',
      },
      { target: `${src}/features`, from: `${src}/exposes`, message: 'Features do not import what the remote exposes.' },
    ];
  });

export default [
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: ['**/*.ts', '**/*.tsx'] })),
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      '.tools/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [resolver],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // eslint-plugin-boundaries resolves imports through the eslint-plugin-import resolver settings.
      'import/resolver': {
        typescript: {
          project: [
            'tsconfig.checks.json',
            'shell/tsconfig.json',
            'mf-*/tsconfig.json',
            'services/*/tsconfig.json',
            'packages/*/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        },
      },
      'boundaries/include': ['shell/**', 'mf-*/**', 'services/**', 'packages/**', 'e2e/**', 'scripts/**'],
      'boundaries/elements': [
        { type: 'shell', pattern: 'shell' },
        { type: 'remote', pattern: 'mf-*', capture: ['remote'] },
        { type: 'service', pattern: 'services/*', capture: ['service'] },
        { type: 'package', pattern: 'packages/*', capture: ['package'] },
        { type: 'e2e', pattern: 'e2e' },
        { type: 'scripts', pattern: 'scripts' },
      ],
    },
    rules: {
      // `const { secret: _secret, ...rest } = headers` drops a field on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: remoteLayoutZones }],
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'remote' } },
              disallow: { to: { element: { types: { anyOf: ['shell', 'service', 'e2e', 'scripts'] } } } },
            },
            {
              from: { element: { type: 'remote', captured: { remote: '{{from.captured.remote}}' } } },
              disallow: { to: { element: { type: 'remote', captured: { remote: '!{{from.captured.remote}}' } } } },
            },
            {
              from: { element: { type: 'shell' } },
              disallow: { to: { element: { types: { anyOf: ['remote', 'service', 'e2e', 'scripts'] } } } },
            },
            {
              from: { element: { type: 'service' } },
              disallow: { to: { element: { types: { anyOf: ['shell', 'remote', 'e2e', 'scripts'] } } } },
            },
            {
              from: { element: { type: 'service' } },
              disallow: { to: { element: { type: 'service', captured: { service: '!{{from.captured.service}}' } } } },
            },
            {
              from: { element: { type: 'package' } },
              disallow: { to: { element: { types: { anyOf: ['shell', 'remote', 'service', 'e2e', 'scripts'] } } } },
            },
            // Journeys drive the shop through the browser and the API; their data comes from @shop/test-fixtures.
            { from: { element: { type: 'e2e' } }, disallow: { to: { element: { types: { anyOf: ['shell', 'remote', 'service'] } } } } },
          ],
        },
      ],
    },
  },
  {
    // Test data and test support never ship: only tests, test support, e2e journeys and scripts import them.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**', 'e2e/**', 'scripts/**', 'packages/test-{fixtures,dom}/**'],
    rules: { 'no-restricted-imports': ['error', { paths: NOT_SHIPPED }] },
  },
  {
    // Browser code imports only what the browser builds share of react-router-dom and React Query
    // (packages/webpack-config/shared/); any other name would be undefined.
    files: ['mf-*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**', 'shell/src/server/**', 'packages/test-{fixtures,dom}/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              allowImportNames: Object.keys(sharedRouter),
              allowTypeImports: true,
              message: 'Not shared with the browser builds: add it to packages/webpack-config/shared/react-router-dom.mjs.',
            },
            {
              name: '@tanstack/react-query',
              allowImportNames: Object.keys(sharedQuery),
              allowTypeImports: true,
              message: 'Not shared with the browser builds: add it to packages/webpack-config/shared/react-query.mjs.',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser code branches on an error's `code` and `issues[].rule`, never on its text
    // (texts are for shoppers and may change; a service's German wording is not an interface).
    files: ['mf-*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'packages/{api-client,shell-api,ui}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(test|match|includes|startsWith|endsWith|search)$/] MemberExpression[property.name=/^(message|serverMessage)$/]',
          message: 'Branch on ApiError.code or issues[].rule, never on message text.',
        },
      ],
    },
  },
];
