import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { coverageProblems, podProblems, policyProblems, secretProblems } from './lib/k8s-policies';
import {
  BASES,
  parseObjects,
  provideKustomize,
  renderDirectory,
  renderTarget,
  renderTargets,
  type K8sObject,
  type Kustomize,
} from './lib/k8s-render';

/**
 * The manifests of deploy/k8s keep the shop's rules (scripts/lib/k8s-policies.ts) in every base
 * and overlay as Kustomize renders them, and each base renders alone (a team applies its own).
 * The schemas are checked by scripts/k8s-check.ts; this renders with kubectl kustomize (or the
 * Kustomize built into .tools/ where kubectl is missing) and takes about two seconds.
 */
let kustomize: Promise<Kustomize>;
const renders = new Map<string, Promise<K8sObject[]>>();

/** One target's objects, rendered once for all tests. */
function rendered(name: string): Promise<K8sObject[]> {
  let objects = renders.get(name);
  if (!objects) {
    const target = renderTargets().find((candidate) => candidate.name === name);
    if (!target) throw new Error(`no target ${name}`);
    objects = kustomize.then((tool) => renderTarget(tool, target)).then(parseObjects);
    renders.set(name, objects);
  }
  return objects;
}

beforeAll(async () => {
  kustomize = provideKustomize();
  // Where kubectl is missing, the first run builds Kustomize (about 25 s).
  await kustomize;
}, 180_000);

describe('every base renders alone', () => {
  test.each(BASES.filter((base) => base !== 'mongodb'))('%s: its Deployment, Services, budget and autoscaler', async (base) => {
    const objects = await rendered(base);
    const names = objects.map((object) => `${object.kind}/${object.metadata?.name}`);
    expect(names).toEqual(
      expect.arrayContaining([`Deployment/${base}`, `Service/${base}`, `PodDisruptionBudget/${base}`, `HorizontalPodAutoscaler/${base}`]),
    );
    // No namespace in a base: the team's `-n` or the overlay gives it.
    expect(objects.filter((object) => (object.metadata as { namespace?: string }).namespace)).toEqual([]);
  });

  test('mongodb: the replica set of three and its budget', async () => {
    const objects = await rendered('mongodb');
    const replicaSet = objects.find((object) => object.kind === 'MongoDBCommunity') as
      { spec: { members: number; type: string } } | undefined;
    expect(replicaSet?.spec).toMatchObject({ members: 3, type: 'ReplicaSet' });
    expect(objects.map((object) => object.kind)).toContain('PodDisruptionBudget');
  });

  test('each domain service has the headless Service the gateway discovers it by, on its port', async () => {
    const gateway = (await rendered('gateway')).find((object) => object.kind === 'ConfigMap') as { data: Record<string, string> };
    for (const slice of ['catalog', 'cart', 'account', 'content', 'admin']) {
      const headless = (await rendered(slice)).find((object) => object.metadata?.name === `${slice}-instances`) as
        { spec: { clusterIP: string; ports: Array<{ port: number }> } } | undefined;
      expect(headless?.spec.clusterIP).toBe('None');
      expect(gateway.data[`${slice.toUpperCase()}_SERVICE_URL`]).toBe(`http://${slice}-instances:${headless?.spec.ports[0]?.port}`);
    }
  });
});

describe('every base and overlay keeps the policies', () => {
  test.each(renderTargets().map((target) => target.name))('%s', async (name) => {
    expect(policyProblems(await rendered(name))).toEqual([]);
  });

  test('an overlay holds every slice once, in its namespace', async () => {
    const objects = await rendered('overlays/production');
    const deployments = objects.filter((object) => object.kind === 'Deployment').map((object) => object.metadata?.name);
    expect(deployments.sort()).toEqual(BASES.filter((base) => base !== 'mongodb').sort());
    const outside = objects.filter(
      (object) => object.kind !== 'Namespace' && (object.metadata as { namespace?: string }).namespace !== 'shop',
    );
    expect(outside.map((object) => `${object.kind}/${object.metadata?.name}`)).toEqual([]);
  });
});

describe('the policies can fail', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'k8s-broken-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  test('a Deployment without probes, limits, a user or a Secret, and without a budget or autoscaler, is named for each', async () => {
    await writeFile(
      path.join(folder, 'kustomization.yaml'),
      'resources:\n  - deployment.yaml\nconfigMapGenerator:\n  - name: broken\n    literals:\n      - SMTP_URL=smtps://shop:hunter2@mail.example:465\n',
    );
    await writeFile(
      path.join(folder, 'deployment.yaml'),
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata:',
        '  name: broken',
        'spec:',
        '  selector:',
        '    matchLabels: { app: broken }',
        '  template:',
        '    metadata:',
        '      labels: { app: broken }',
        '    spec:',
        '      containers:',
        '        - name: app',
        '          image: shop-broken:latest',
        '          resources: { requests: { cpu: 100m } }',
        '          env:',
        '            - { name: DB_PASSWORD, value: hunter2 }',
        '            - { name: PAYMENT_API_KEY, valueFrom: { configMapKeyRef: { name: broken, key: KEY } } }',
        '            - { name: MONGODB_URI, value: "mongodb://shop:hunter2@db:27017" }',
        '',
      ].join('\n'),
    );
    const objects = parseObjects(await renderDirectory(await kustomize, folder, false));
    const container = 'Deployment/broken: container app';
    expect(podProblems(objects.find((object) => object.kind === 'Deployment')!)).toEqual([
      `${container} has no readinessProbe`,
      `${container} has no livenessProbe`,
      `${container} has no memory request`,
      `${container} has no cpu limit`,
      `${container} has no memory limit`,
      `${container} may run as root (runAsNonRoot is not true)`,
      `${container} has no numeric non-root runAsUser`,
      `${container} allows privilege escalation`,
      `${container} has an unpinned image (shop-broken:latest)`,
    ]);
    expect(coverageProblems(objects)).toEqual([
      'Deployment/broken: no PodDisruptionBudget selects its pods',
      'Deployment/broken: no HorizontalPodAutoscaler scales it',
    ]);
    expect(secretProblems(objects)).toEqual([
      expect.stringMatching(/^ConfigMap\/broken-\w+: SMTP_URL holds a URI with credentials$/),
      `${container} env DB_PASSWORD is not taken from a Secret (secretKeyRef)`,
      `${container} env PAYMENT_API_KEY is not taken from a Secret (secretKeyRef)`,
      `${container} env MONGODB_URI holds a URI with credentials`,
    ]);
  });

  test('a Secret object in the manifests, and a budget that selects other pods, are refused', () => {
    const deployment = {
      kind: 'Deployment',
      metadata: { name: 'catalog' },
      spec: { template: { metadata: { labels: { app: 'catalog' } } } },
    };
    const budget = { kind: 'PodDisruptionBudget', metadata: { name: 'cart' }, spec: { selector: { matchLabels: { app: 'cart' } } } };
    const secret = { kind: 'Secret', metadata: { name: 'shop-shared' }, stringData: { IDENTITY_SECRET: 'x' } };
    expect(policyProblems([deployment, budget, secret])).toEqual(
      expect.arrayContaining([
        'Deployment/catalog: no PodDisruptionBudget selects its pods',
        'Secret/shop-shared: a Secret in the manifests (create it with kubectl create secret)',
      ]),
    );
  });
});
