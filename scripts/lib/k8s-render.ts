/**
 * Renders the Kustomize bases and overlays of deploy/k8s (deploy/k8s/README.md) offline, for
 * `scripts/k8s-check.ts` and `scripts/k8s-policies.test.ts`: with `kubectl kustomize` when this
 * machine has kubectl (no build needed), otherwise with Kustomize built once from the Go module
 * proxy into .tools/ (about 25 s), as scripts/compose-check.ts does for Compose.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './paths';
import { run } from './run';

const execFileAsync = promisify(execFile);

/** Kustomize, pinned, for machines without kubectl (v5.8.3 and later need a newer Go than ours). */
export const KUSTOMIZE_MODULE = 'sigs.k8s.io/kustomize/kustomize/v5';
export const KUSTOMIZE_VERSION = 'v5.8.1';

export const K8S_DIR = path.join(ROOT, 'deploy', 'k8s');

/** The bases a team applies alone: the gateway, the five services, the edge and the database. */
export const BASES = ['gateway', 'catalog', 'cart', 'account', 'content', 'admin', 'edge', 'mongodb'] as const;

/** A folder Kustomize builds, relative to deploy/k8s. */
export interface RenderTarget {
  name: string;
  /**
   * Whether it reads files outside its folder (the edge's VCL from deploy/varnish), which needs
   * `--load-restrictor LoadRestrictionsNone` (deploy/k8s/edge/kustomization.yaml).
   */
  readsOutside: boolean;
}

/** Bases that take their files from outside deploy/k8s, and every overlay that includes one. */
const READS_OUTSIDE = new Set(['edge']);

/** Every base, then every overlay (each folder under deploy/k8s/overlays). */
export function renderTargets(): RenderTarget[] {
  const overlays = readdirSync(path.join(K8S_DIR, 'overlays'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return [
    ...BASES.map((name) => ({ name, readsOutside: READS_OUTSIDE.has(name) })),
    ...overlays.map((name) => ({ name: `overlays/${name}`, readsOutside: true })),
  ];
}

/** How Kustomize is run here: `kubectl kustomize`, or the standalone binary's `build`. */
export interface Kustomize {
  command: string;
  prefix: string[];
  /** What runs, for the log ('kubectl v1.32.4 (Kustomize v5.5.0)'). */
  description: string;
}

async function kubectlKustomize(): Promise<Kustomize | null> {
  try {
    const { stdout } = await execFileAsync('kubectl', ['version', '--client']);
    const client = /Client Version: (\S+)/.exec(stdout)?.[1] ?? 'unknown';
    const kustomize = /Kustomize Version: (\S+)/.exec(stdout)?.[1] ?? 'unknown';
    return { command: 'kubectl', prefix: ['kustomize'], description: `kubectl ${client} (Kustomize ${kustomize})` };
  } catch {
    return null;
  }
}

/** The standalone binary's path in .tools/ (there or not). */
export const standaloneKustomizePath = () => path.join(ROOT, '.tools', `kustomize-${KUSTOMIZE_VERSION}`, 'kustomize');

/**
 * Kustomize for this machine: kubectl's (unless `standalone`), else the pinned standalone binary,
 * built into .tools/ with the Go toolchain when it is not there yet.
 */
export async function provideKustomize({ standalone = false }: { standalone?: boolean } = {}): Promise<Kustomize> {
  const kubectl = standalone ? null : await kubectlKustomize();
  if (kubectl) return kubectl;
  const binary = standaloneKustomizePath();
  if (!existsSync(binary)) {
    await run('go', ['install', `${KUSTOMIZE_MODULE}@${KUSTOMIZE_VERSION}`], {
      env: { ...process.env, GOBIN: path.dirname(binary), GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' },
    });
  }
  return { command: binary, prefix: ['build'], description: `kustomize ${KUSTOMIZE_VERSION} (.tools)` };
}

/** The YAML stream Kustomize builds from `directory` (absolute). @throws Error with Kustomize's message. */
export async function renderDirectory(kustomize: Kustomize, directory: string, readsOutside: boolean): Promise<string> {
  const args = [...kustomize.prefix, ...(readsOutside ? ['--load-restrictor', 'LoadRestrictionsNone'] : []), directory];
  try {
    const { stdout } = await execFileAsync(kustomize.command, args, { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${path.relative(ROOT, directory)} does not render: ${stderr || String(error)}`);
  }
}

/** One target under deploy/k8s rendered. */
export function renderTarget(kustomize: Kustomize, target: RenderTarget): Promise<string> {
  return renderDirectory(kustomize, path.join(K8S_DIR, target.name), target.readsOutside);
}

/** A Kubernetes object as parsed from YAML (read through the policy functions' narrow views). */
export type K8sObject = Record<string, unknown> & { apiVersion?: string; kind?: string; metadata?: { name?: string } };

/** The objects of a YAML stream. @throws Error on a document YAML refuses. */
export function parseObjects(yamlText: string): K8sObject[] {
  return parseAllDocuments(yamlText)
    .map((document) => {
      if (document.errors.length) throw new Error(`YAML: ${document.errors.map((error) => error.message).join('; ')}`);
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null && typeof object === 'object');
}
