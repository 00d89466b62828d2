/**
 * jest: unit tests next to the code (`*.test.ts`, `*.test.tsx`) and service tests against the
 * real local database (MONGODB_URI; `npm test` starts FerretDB, and jest.global-setup.ts does
 * when jest runs alone). Workspace packages resolve to their sources, so no build is needed.
 */
const shared = {
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
  moduleNameMapper: {
    // Every workspace package from its source (no build needed for unit tests); `@shop/ui/form` is a subpath entry.
    '^@shop/([a-z-]+)$': '<rootDir>/packages/$1/src/index.ts',
    '^@shop/([a-z-]+)/([a-z-]+)$': '<rootDir>/packages/$1/src/$2/index.ts',
    '\\.css$': '<rootDir>/scripts/jest/style-mock.cjs',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
};

module.exports = {
  // Service tests talk to the real database, often with two instances and parallel writes; on a
  // busy 2-core machine one can take several seconds. A hung test still fails, after 20 s.
  // (A global option: jest ignores it inside a project.)
  testTimeout: 20_000,
  // Applies to globalSetup/globalTeardown (TypeScript); each project repeats it for its tests.
  transform: shared.transform,
  globalSetup: '<rootDir>/scripts/jest/global-setup.ts',
  globalTeardown: '<rootDir>/scripts/jest/global-teardown.ts',
  projects: [
    {
      ...shared,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/{packages,services}/*/src/**/*.test.ts',
        '<rootDir>/{shell,mf-*}/src/**/*.test.ts',
        '<rootDir>/scripts/**/*.test.ts',
      ],
    },
    {
      ...shared,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/{packages,shell,mf-*}/**/src/**/*.test.tsx'],
      setupFiles: ['<rootDir>/scripts/jest/dom-globals.cjs'],
      setupFilesAfterEnv: ['@testing-library/jest-dom'],
    },
    {
      // The faults project: the built shop, two instances of everything, faults
      // injected into real processes. `npm test` runs it on its own after the other projects
      // (`npm test -- --faults-only` alone); it needs `npm run build` first.
      ...shared,
      displayName: 'faults',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/faults/**/*.test.ts'],
    },
  ],
};
