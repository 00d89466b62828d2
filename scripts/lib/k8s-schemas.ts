/**
 * What `scripts/k8s-check.ts` validates the rendered manifests with, provided once into .tools/:
 * - kubeconform, built from the Go module proxy;
 * - the Kubernetes API's JSON schemas of one version, strict (an unknown field is an error),
 *   taken from the PyPI package kubernetes-validate (which ships them strict, for every recent
 *   version) and made standalone, since kubeconform cannot follow that package's references
 *   between files;
 * - the vendored MongoDBCommunity CRD's schema (deploy/k8s/mongodb/crd/SOURCE.md), made strict.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ROOT } from './paths';
import { run } from './run';
import { K8S_DIR } from './k8s-render';

export const KUBECONFORM_MODULE = 'github.com/yannh/kubeconform/cmd/kubeconform';
export const KUBECONFORM_VERSION = 'v0.8.0';
/** The PyPI package with the schemas, and the Kubernetes version they are checked against (kubectl here: 1.32). */
export const SCHEMA_PACKAGE = 'kubernetes-validate==1.37.0';
export const KUBERNETES_VERSION = '1.32.0';

const TOOLS = path.join(ROOT, '.tools');
/** Folders whose name carries every pin: a changed pin provides anew beside the old. */
export const kubeconformPath = () => path.join(TOOLS, `kubeconform-${KUBECONFORM_VERSION}`, 'kubeconform');
export const schemaRoot = () => path.join(TOOLS, `kubernetes-schemas-${SCHEMA_PACKAGE.replace('==', '-')}`);
/** The CRD's schemas, written anew on every check from the vendored file (a few milliseconds). */
export const crdSchemaRoot = () => path.join(TOOLS, 'k8s-crd-schemas');

/** Where in the package's wheel the strict schemas of one version are. */
const wheelFolder = (version: string) => `kubernetes_validate/kubernetes-json-schema/v${version}-local-strict/`;

/** kubeconform's binary, built into .tools/ on first use. */
export async function provideKubeconform(): Promise<string> {
  const binary = kubeconformPath();
  if (!existsSync(binary)) {
    await run('go', ['install', `${KUBECONFORM_MODULE}@${KUBECONFORM_VERSION}`], {
      env: { ...process.env, GOBIN: path.dirname(binary), GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' },
    });
  }
  return binary;
}

/**
 * The folder kubeconform's `-schema-location` template points at:
 * `<root>/v<version>-standalone-strict/<kind>-<group>-<version>.json`. Provided once: the wheel
 * is downloaded (pip, no install), the one version's files are taken out of it and converted
 * into a folder of their own, renamed into place only when whole.
 */
export async function provideKubernetesSchemas(): Promise<string> {
  const root = schemaRoot();
  const folder = path.join(root, `v${KUBERNETES_VERSION}-standalone-strict`);
  if (existsSync(folder)) return root;
  await mkdir(root, { recursive: true });
  const work = await mkdtemp(path.join(root, 'download-'));
  try {
    await run('python3', ['-m', 'pip', 'download', '--no-deps', '--no-cache-dir', '--only-binary=:all:', '--dest', work, SCHEMA_PACKAGE]);
    const wheel = (await readdir(work)).find((name) => name.endsWith('.whl'));
    if (!wheel) throw new Error(`pip downloaded no wheel of ${SCHEMA_PACKAGE}`);
    // Python's zipfile (Node has no unzip of its own): only this version's files.
    const extract =
      'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nz.extractall(sys.argv[2], [n for n in z.namelist() if n.startswith(sys.argv[3])])';
    await run('python3', ['-c', extract, path.join(work, wheel), work, wheelFolder(KUBERNETES_VERSION)]);
    const source = path.join(work, wheelFolder(KUBERNETES_VERSION));
    const converted = path.join(work, 'standalone');
    await mkdir(converted);
    const definitions = (JSON.parse(await readFile(path.join(source, '_definitions.json'), 'utf8')) as { $defs: Definitions }).$defs;
    for (const name of await readdir(source)) {
      if (!name.endsWith('.json') || name === '_definitions.json' || name === 'all.json') continue;
      const schema = JSON.parse(await readFile(path.join(source, name), 'utf8')) as JsonObject;
      await writeFile(path.join(converted, name), JSON.stringify(standaloneSchema(schema, definitions)));
    }
    await rename(converted, folder);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return root;
}

type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
type JsonObject = { [key: string]: JsonValue };
type Definitions = Record<string, JsonValue>;

/** A reference into kubernetes-validate's shared definitions file, or into its own `$defs`. */
const DEFINITION_REF = /^(?:\/api\/_definitions\.json)?#\/\$defs\/(.+)$/;

/**
 * One kind's schema with every definition it reaches copied into its own `definitions` and its
 * references pointed there, and without its `$id` (which made kubeconform resolve references
 * against kubernetes.io, unreachable here). @throws Error for a reference to a missing definition.
 */
export function standaloneSchema(schema: JsonObject, definitions: Definitions): JsonObject {
  const needed = new Map<string, JsonValue>();
  const rewrite = (node: JsonValue): JsonValue => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const copy: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      const name = key === '$ref' && typeof value === 'string' ? DEFINITION_REF.exec(value)?.[1] : undefined;
      if (name === undefined) {
        copy[key] = rewrite(value);
        continue;
      }
      copy.$ref = `#/definitions/${name}`;
      if (needed.has(name)) continue;
      const definition = definitions[name];
      if (definition === undefined) throw new Error(`schema refers to ${name}, which the definitions lack`);
      // Reserved first: a definition that refers to itself (JSONSchemaProps) is copied once.
      needed.set(name, null);
      needed.set(name, rewrite(definition));
    }
    return copy;
  };
  const standalone = rewrite(schema) as JsonObject;
  delete standalone.$id;
  return { ...standalone, definitions: Object.fromEntries(needed) };
}

/**
 * A CRD version's `openAPIV3Schema` as kubeconform reads it, strict as the API server's field
 * validation is: every object that lists its properties refuses others, unless the schema keeps
 * unknown fields (`x-kubernetes-preserve-unknown-fields`) or says what others may be.
 */
export function strictCrdSchema(node: JsonValue): JsonValue {
  if (Array.isArray(node)) return node.map(strictCrdSchema);
  if (node === null || typeof node !== 'object') return node;
  const copy: JsonObject = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, strictCrdSchema(value)]));
  const listsProperties = typeof node.properties === 'object' && node.properties !== null && !Array.isArray(node.properties);
  if (listsProperties && node.additionalProperties === undefined && node['x-kubernetes-preserve-unknown-fields'] !== true)
    copy.additionalProperties = false;
  return copy;
}

interface CustomResourceDefinition {
  spec: { group: string; names: { kind: string }; versions: Array<{ name: string; schema: { openAPIV3Schema: JsonObject } }> };
}

/**
 * The vendored CRD file of a `crd/` folder, checked against the SHA-256 its SOURCE.md records: it
 * is kept byte for byte as published (a formatter or a hand edit would make it another file).
 * @throws Error naming the file when the folder holds no single CRD or the checksum differs.
 */
async function vendoredCrd(folder: string): Promise<string> {
  const files = (await readdir(folder)).filter((name) => name.endsWith('.yaml'));
  const recorded = /SHA-256 `([0-9a-f]{64})`/.exec(await readFile(path.join(folder, 'SOURCE.md'), 'utf8'))?.[1];
  if (files.length !== 1 || !recorded)
    throw new Error(`${path.relative(ROOT, folder)}: one CRD file and its SHA-256 in SOURCE.md expected`);
  const text = await readFile(path.join(folder, files[0]!), 'utf8');
  const actual = createHash('sha256').update(text).digest('hex');
  if (actual !== recorded)
    throw new Error(`${path.relative(ROOT, folder)}/${files[0]} is not the file SOURCE.md records (SHA-256 ${actual})`);
  return text;
}

/** The vendored CRDs (`deploy/k8s/<base>/crd/`) as files under `<root>/<group>/<kind>_<version>.json`. */
export async function provideCrdSchemas(): Promise<string> {
  const root = crdSchemaRoot();
  await rm(root, { recursive: true, force: true });
  const crdFolders = (await readdir(K8S_DIR, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && existsSync(path.join(K8S_DIR, entry.name, 'crd')))
    .map((entry) => path.join(K8S_DIR, entry.name, 'crd'));
  for (const folder of crdFolders) {
    const crd = parseYaml(await vendoredCrd(folder)) as CustomResourceDefinition;
    for (const version of crd.spec.versions) {
      const target = path.join(root, crd.spec.group, `${crd.spec.names.kind.toLowerCase()}_${version.name}.json`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, JSON.stringify(strictCrdSchema(version.schema.openAPIV3Schema)));
    }
  }
  return root;
}

/** kubeconform's arguments: strict, a summary, the one Kubernetes version, both schema folders. */
export function kubeconformArgs(kubernetesRoot: string, crdRoot: string, files: string[]): string[] {
  return [
    '-strict',
    '-summary',
    '-kubernetes-version',
    KUBERNETES_VERSION,
    '-schema-location',
    path.join(kubernetesRoot, '{{.NormalizedKubernetesVersion}}-standalone{{.StrictSuffix}}/{{.ResourceKind}}{{.KindSuffix}}.json'),
    '-schema-location',
    path.join(crdRoot, '{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json'),
    ...files,
  ];
}
