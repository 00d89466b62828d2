// What the browser builds share of @tanstack/react-query: one singleton per page, provided under
// the share key '@tanstack/react-query' (packages/webpack-config, `sharedDependencies`). A shared
// module is bundled whole (infinite and suspense queries, hydration boundaries, streamed queries,
// every observer); named here, only what the shell and the remotes use is bundled
// (docs/performance.md 'Ship less'). ESLint allows exactly these names in browser code
// (eslint.config.mjs), so a name missing here is a lint error, never `undefined` at run time; a
// remote released alone against a newer list is refused until a shell exporting the name is live,
// and a shell dropping a name a live remote uses is refused (docs/releases.md 'Checks before a promote').
// Imported by path (the workspace's one installed copy, package-lock.json), so this module does not
// consume its own share key.
export {
  CancelledError,
  MutationObserver,
  QueryClient,
  QueryClientContext,
  QueryClientProvider,
  hydrate,
  keepPreviousData,
  queryOptions,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '../../../node_modules/@tanstack/react-query/build/modern/index.js';
