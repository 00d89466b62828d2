import { buildOrder, readWorkspaceGraph, sliceBuildOrder, type Workspace, type WorkspaceGraph } from './lib/workspace-graph';

/** A made-up graph of workspaces named by their folders. */
function graphOf(edges: Record<string, string[]>): WorkspaceGraph {
  return new Map(
    Object.entries(edges).map(([name, dependsOn]): [string, Workspace] => [
      name,
      { name, dir: name, dependsOn, tsProject: true, webpackApp: false },
    ]),
  );
}

describe('the workspace graph of this repository', () => {
  const graph = readWorkspaceGraph();

  test('holds every workspace of the root package.json, each with what it builds on', () => {
    expect(graph.get('@shop/mf-cart')).toMatchObject({ dir: 'mf-cart', tsProject: true, webpackApp: true });
    expect(graph.get('@shop/service-cart')).toMatchObject({ dir: 'services/cart', tsProject: true, webpackApp: false });
    expect(graph.get('@shop/cart-rules')!.dependsOn).toEqual(['@shop/catalog-rules', '@shop/contracts', '@shop/format']);
    // devDependencies are no build edges: mf-cart's tests use @shop/test-fixtures, its build does not.
    expect(graph.get('@shop/mf-cart')!.dependsOn).not.toContain('@shop/test-fixtures');
    expect([...graph.values()].map((workspace) => workspace.dir)).toEqual(
      expect.arrayContaining(['packages/contracts', 'services/gateway', 'shell', 'mf-admin', 'e2e']),
    );
  });

  test("cart's build order: its remote, its service and their packages, each after what it builds on", () => {
    const order = sliceBuildOrder('cart', graph).map((workspace) => workspace.dir);
    expect(order).toEqual(
      expect.arrayContaining([
        'mf-cart',
        'services/cart',
        'packages/cart-rules',
        'packages/contracts',
        'packages/catalog-rules',
        'packages/service-kit',
        'packages/catalog-client',
        'packages/legal-notices',
      ]),
    );
    for (const other of ['mf-admin', 'mf-catalog', 'shell', 'services/catalog', 'services/admin', 'services/gateway', 'packages/rich-text'])
      expect(order).not.toContain(other);
    expect(new Set(order).size).toBe(order.length);
    const at = (dir: string) => order.indexOf(dir);
    expect(at('packages/contracts')).toBeLessThan(at('packages/cart-rules'));
    expect(at('packages/catalog-rules')).toBeLessThan(at('packages/cart-rules'));
    expect(at('packages/cart-rules')).toBeLessThan(at('mf-cart'));
    expect(at('packages/cart-rules')).toBeLessThan(at('services/cart'));
    expect(at('packages/service-kit')).toBeLessThan(at('packages/catalog-client'));
    expect(at('packages/catalog-client')).toBeLessThan(at('services/cart'));
  });

  test('every workspace comes after what it builds on, for every slice', () => {
    for (const slice of ['catalog', 'cart', 'account', 'content', 'admin']) {
      const order = sliceBuildOrder(slice, graph);
      const seen = new Set<string>();
      for (const workspace of order) {
        expect(workspace.dependsOn.filter((dependency) => !seen.has(dependency))).toEqual([]);
        seen.add(workspace.name);
      }
      expect(order.map((workspace) => workspace.dir)).toEqual(expect.arrayContaining([`mf-${slice}`, `services/${slice}`]));
    }
  });

  test('a workspace is found by its folder or its package name', () => {
    expect(buildOrder(graph, ['services/admin']).map((workspace) => workspace.name)).toEqual(
      buildOrder(graph, ['@shop/service-admin']).map((workspace) => workspace.name),
    );
  });

  test('an unknown slice or workspace is refused, naming the known ones', () => {
    expect(() => sliceBuildOrder('checkout', graph)).toThrow("unknown slice 'checkout': one of catalog, cart, account, content, admin");
    expect(() => buildOrder(graph, ['mf-checkout'])).toThrow(/unknown workspace 'mf-checkout': one of .*mf-cart.*services\/cart/);
  });
});

describe('the build order', () => {
  test('names the cycle when workspaces depend on each other in a ring', () => {
    const graph = graphOf({ app: ['a'], a: ['b'], b: ['c'], c: ['a'] });
    expect(() => buildOrder(graph, ['app'])).toThrow('the workspaces depend on each other in a cycle: a → b → c → a');
  });

  test('names a dependency that is no workspace', () => {
    expect(() => buildOrder(graphOf({ app: ['ghost'] }), ['app'])).toThrow("app depends on 'ghost', which is no workspace");
  });

  test('lists a shared dependency once, before everything that builds on it', () => {
    const graph = graphOf({ app: ['ui', 'rules'], ui: ['contracts'], rules: ['contracts'], contracts: [], other: ['contracts'] });
    expect(buildOrder(graph, ['app']).map((workspace) => workspace.name)).toEqual(['contracts', 'ui', 'rules', 'app']);
  });
});
