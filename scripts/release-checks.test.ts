import {
  contractProblemsOf,
  exposeProblems,
  narrowedImportProblems,
  shellNarrowedProblems,
  singletonProblems,
  type LiveSlice,
} from './lib/release-checks';

/** The checks before a release goes live refuse with a reason a developer can act on (docs/releases.md). */
const shell: LiveSlice = {
  slice: 'shell',
  version: 'tree',
  shared: { react: { version: '19.3.1', requiredVersion: '^19.0.0' }, zustand: { version: '5.1.0', requiredVersion: '5.1.0' } },
  events: {
    emits: [],
    listens: ['cart:changed'],
    asks: ['cart:add'],
    answers: [],
    fingerprints: { 'cart:changed': 'aaaaaaaaaaaa', 'cart:add': 'bbbbbbbbbbbb' },
  },
};
const cart = (overrides: Partial<LiveSlice> = {}): LiveSlice => ({
  slice: 'cart',
  version: '0123456789ab',
  shared: { react: { version: '19.3.1', requiredVersion: '^19.0.0' }, zustand: { version: '5.1.0', requiredVersion: '5.1.0' } },
  events: {
    emits: ['cart:changed'],
    listens: [],
    asks: [],
    answers: ['cart:add'],
    fingerprints: { 'cart:changed': 'aaaaaaaaaaaa', 'cart:add': 'bbbbbbbbbbbb' },
  },
  ...overrides,
});
const CONTRACTS = { events: ['cart:changed'], requests: ['cart:add'] };

test('a remote that fits the shell and the other slices passes', () => {
  expect(singletonProblems(cart(), shell)).toEqual([]);
  expect(contractProblemsOf([shell, cart()], CONTRACTS)).toEqual([]);
});

test('a remote built against an incompatible react range is refused, both ways round', () => {
  const wantsOld = cart({ shared: { ...cart().shared, react: { version: '18.3.1', requiredVersion: '^18.2.0' } } });
  expect(singletonProblems(wantsOld, shell)).toEqual(['cart 0123456789ab requires react ^18.2.0, but the shell provides 19.3.1']);
  const bringsNewer = cart({ shared: { ...cart().shared, zustand: { version: '6.0.0', requiredVersion: '>=5.1.0' } } });
  expect(singletonProblems(bringsNewer, shell)).toEqual(["cart 0123456789ab brings zustand 6.0.0, outside the shell's range 5.1.0"]);
});

test('a remote whose emitted event no longer matches what its listener parses is refused', () => {
  const changedPayload = cart({
    events: { ...cart().events, fingerprints: { ...cart().events.fingerprints, 'cart:changed': 'cccccccccccc' } },
  });
  expect(contractProblemsOf([shell, changedPayload], CONTRACTS)).toEqual([
    "'cart:changed' was built against different schemas: shell (tree build) / cart 0123456789ab (rebuild against one @shop/contracts)",
  ]);
});

test('a remote that stops answering a request the shell asks, or stops emitting what the shell listens to, is refused', () => {
  const silent = cart({ events: { ...cart().events, emits: [], answers: [] } });
  expect(contractProblemsOf([shell, silent], CONTRACTS)).toEqual([
    "event 'cart:changed' is listened to by shell but emitted by nobody",
    "request 'cart:add' is asked by shell but answered by nobody",
    "event 'cart:changed' is a contract that nobody emits",
    "request 'cart:add' is a contract that nobody answers",
  ]);
});

test('an event is retired in two releases: first the remote stops announcing it, then a shell without it once no live release does', () => {
  const quietShell: LiveSlice = { ...shell, events: { ...shell.events, listens: [] } };
  const quietCart = cart({ events: { ...cart().events, emits: [] } });
  const retiring = { ...CONTRACTS, retired: ['cart:changed'] };
  // Step one: the cart without the announcement goes live beside a shell that still knows the event.
  expect(contractProblemsOf([quietShell, quietCart], retiring)).toEqual([]);
  // A live cart built before still announces it: allowed while the contract is kept.
  expect(contractProblemsOf([quietShell, cart()], retiring)).toEqual([]);
  // Step two: a shell without the contract is refused while such a cart is live, and passes once none is.
  const withoutContract = { events: [], requests: ['cart:add'] };
  expect(contractProblemsOf([quietShell, cart()], withoutContract)).toEqual(["'cart:changed' is used (cart) but is no contract"]);
  expect(contractProblemsOf([quietShell, quietCart], withoutContract)).toEqual([]);
});

test('a remote that no longer exposes a module the shell loads from it, takes other props, or lacks a page the shell routes to it, is refused', () => {
  const shellSide = {
    pages: { cart: ['cart', 'checkout', 'thank-you'], content: ['contact'] },
    props: { RemotePagesProps: 'ts1:111111111111', FooterNewsletterProps: 'ts1:222222222222' },
  };
  const record = {
    slice: 'cart' as const,
    version: '0123456789ab',
    exposes: ['./pages', './cart-button'],
    pages: { cart: ['cart', 'checkout', 'thank-you', 'withdrawal'] },
    props: { RemotePagesProps: 'ts1:111111111111', FooterNewsletterProps: 'ts1:222222222222' },
  };
  expect(exposeProblems(record, shellSide)).toEqual([]);
  expect(exposeProblems({ ...record, exposes: ['./pages'] }, shellSide)).toEqual([
    "cart 0123456789ab no longer exposes './cart-button', which the shell loads for the header's cart widget",
  ]);
  expect(exposeProblems({ ...record, props: { ...record.props, RemotePagesProps: 'ts1:333333333333' } }, shellSide)).toEqual([
    "cart 0123456789ab was built against other props of './pages' (RemotePagesProps) than the shell passes",
  ]);
  expect(exposeProblems({ ...record, pages: { cart: ['cart', 'checkout'] } }, shellSide)).toEqual([
    "cart 0123456789ab has no page 'thank-you', which the shell routes to it (built against another route table)",
  ]);
  // Fingerprints made another way (bare hex digits: the earlier scheme) are not compared.
  expect(exposeProblems({ ...record, props: { ...record.props, RemotePagesProps: '333333333333' } }, shellSide)).toEqual([]);
  // A build recorded before pages and props were kept is compared on its exposes only.
  expect(exposeProblems({ slice: 'content', version: '0123456789ab', exposes: ['./pages'] }, shellSide)).toEqual([
    "content 0123456789ab no longer exposes './newsletter', which the shell loads for the footer's newsletter sign-up",
  ]);
});

test("the catalog's search box is checked as the header's search, with the props the shell passes when it replaces the server form", () => {
  const shellSide = {
    pages: { catalog: ['home'] },
    props: { RemotePagesProps: 'ts1:111111111111', HeaderSearchProps: 'ts1:444444444444' },
  };
  const record = {
    slice: 'catalog' as const,
    version: '0123456789ab',
    exposes: ['./pages', './search-box'],
    pages: { catalog: ['home'] },
    props: { RemotePagesProps: 'ts1:111111111111', HeaderSearchProps: 'ts1:444444444444' },
  };
  expect(exposeProblems(record, shellSide)).toEqual([]);
  // A release built before the search box took the server form's state.
  expect(exposeProblems({ ...record, props: { ...record.props, HeaderSearchProps: 'unknown' } }, shellSide)).toEqual([]);
  expect(exposeProblems({ ...record, props: { ...record.props, HeaderSearchProps: 'ts1:555555555555' } }, shellSide)).toEqual([
    "catalog 0123456789ab was built against other props of './search-box' (HeaderSearchProps) than the shell passes",
  ]);
  expect(exposeProblems({ ...record, exposes: ['./pages'] }, shellSide)).toEqual([
    "catalog 0123456789ab no longer exposes './search-box', which the shell loads for the header's search box",
  ]);
});

test('a remote that uses a name of a narrowed shared module the shell does not export is refused, and a shell that drops one a live remote uses', () => {
  const narrowedShell = {
    ...shell,
    narrowedProvides: { 'react-router-dom': ['Link', 'useParams'], '@tanstack/react-query': ['useMutation', 'useQuery'] },
  };
  const fits = cart({ narrowedImports: { 'react-router-dom': ['Link'], '@tanstack/react-query': ['useQuery'] } });
  expect(narrowedImportProblems(fits, narrowedShell)).toEqual([]);
  expect(shellNarrowedProblems(narrowedShell, [fits])).toEqual([]);

  const newer = cart({
    narrowedImports: {
      'react-router-dom': ['Link', 'useFetcher'],
      '@tanstack/react-query': ['useInfiniteQuery', 'useQuery', 'useSuspenseQuery'],
    },
  });
  expect(narrowedImportProblems(newer, narrowedShell)).toEqual([
    "cart 0123456789ab uses useFetcher of react-router-dom, which the shell's narrowed copy (tree build) does not export: deploy a shell that exports it first",
    "cart 0123456789ab uses useInfiniteQuery, useSuspenseQuery of @tanstack/react-query, which the shell's narrowed copy (tree build) does not export: deploy a shell that exports them first",
  ]);
  expect(shellNarrowedProblems(narrowedShell, [fits, { ...newer, slice: 'catalog', version: 'ba9876543210' }])).toEqual([
    "the shell's narrowed react-router-dom (tree build) does not export useFetcher, which catalog ba9876543210 uses: keep it in packages/webpack-config/shared/ while a live remote uses it",
    "the shell's narrowed @tanstack/react-query (tree build) does not export useInfiniteQuery, useSuspenseQuery, which catalog ba9876543210 uses: keep them in packages/webpack-config/shared/ while a live remote uses them",
  ]);

  // A side recorded before the names were kept, or a module the shell shares whole, is not compared.
  expect(narrowedImportProblems(newer, shell)).toEqual([]);
  expect(narrowedImportProblems(cart(), narrowedShell)).toEqual([]);
  expect(narrowedImportProblems(cart({ narrowedImports: { zustand: ['create'] } }), narrowedShell)).toEqual([]);
});
