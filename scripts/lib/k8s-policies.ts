/**
 * The rules every rendered manifest of deploy/k8s keeps (scripts/k8s-policies.test.ts), beyond
 * what the API's schemas check (scripts/k8s-check.ts): each a function from the rendered objects
 * to the problems found, one line each, so a broken object names what is wrong with it.
 */
import type { K8sObject } from './k8s-render';

interface Probe {
  httpGet?: unknown;
  tcpSocket?: unknown;
  exec?: unknown;
  grpc?: unknown;
}
interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  allowPrivilegeEscalation?: boolean;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: unknown; configMapKeyRef?: unknown; fieldRef?: unknown };
}
interface Container {
  name: string;
  image?: string;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
  securityContext?: SecurityContext;
  env?: EnvVar[];
}
interface PodSpec {
  containers?: Container[];
  initContainers?: Container[];
  securityContext?: SecurityContext;
}
interface Deployment extends K8sObject {
  metadata: { name: string; namespace?: string };
  spec?: { template?: { metadata?: { labels?: Record<string, string> }; spec?: PodSpec } };
}

/** Names that say a secret: their values come from a Secret, never from the manifest or a ConfigMap. */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|KEY/i;
/** A URI with credentials in it (`scheme://user:password@host`, `scheme://token@host`). */
const CREDENTIAL_URI = /[a-z][a-z0-9+.-]*:\/\/[^/\s@]+@/i;

const isDeployment = (object: K8sObject): object is Deployment => object.kind === 'Deployment';
const label = (object: K8sObject) => `${object.kind}/${object.metadata?.name ?? '?'}`;
const podSpec = (deployment: Deployment): PodSpec => deployment.spec?.template?.spec ?? {};
const allContainers = (pod: PodSpec): Container[] => [...(pod.initContainers ?? []), ...(pod.containers ?? [])];

/**
 * A Deployment's pod: readiness and liveness probes on every main container; CPU and memory
 * requests and limits on every container, init containers too; every container non-root
 * (runAsNonRoot true and a numeric user other than 0, on the pod or the container: the kubelet
 * can check runAsNonRoot only against a numeric user, and the images name theirs, `node`,
 * `varnish`), without privilege escalation, and its image pinned to a tag other than latest.
 */
export function podProblems(object: K8sObject): string[] {
  const deployment = object as Deployment;
  const pod = podSpec(deployment);
  const problems: string[] = [];
  const at = (container: Container, problem: string) => problems.push(`${label(deployment)}: container ${container.name} ${problem}`);
  if (!pod.containers?.length) problems.push(`${label(deployment)}: no containers`);
  for (const container of pod.containers ?? []) {
    if (!container.readinessProbe) at(container, 'has no readinessProbe');
    if (!container.livenessProbe) at(container, 'has no livenessProbe');
  }
  for (const container of allContainers(pod)) {
    for (const kind of ['requests', 'limits'] as const)
      for (const resource of ['cpu', 'memory'])
        if (container.resources?.[kind]?.[resource] === undefined) at(container, `has no ${resource} ${kind.slice(0, -1)}`);
    const context = { ...pod.securityContext, ...container.securityContext };
    if (context.runAsNonRoot !== true) at(container, 'may run as root (runAsNonRoot is not true)');
    if (typeof context.runAsUser !== 'number' || context.runAsUser === 0) at(container, 'has no numeric non-root runAsUser');
    if (container.securityContext?.allowPrivilegeEscalation !== false) at(container, 'allows privilege escalation');
    const image = container.image ?? '';
    const tag = /@sha256:|:([^:/]+)$/.exec(image);
    if (!tag || tag[1] === 'latest') at(container, `has an unpinned image (${image || 'none'})`);
  }
  return problems;
}

/** Whether `selector` (matchLabels) picks pods with `labels`: a selector without labels picks nothing here. */
function selects(selector: Record<string, string> | undefined, labels: Record<string, string>): boolean {
  const entries = Object.entries(selector ?? {});
  return entries.length > 0 && entries.every(([key, value]) => labels[key] === value);
}

/** Every Deployment has a PodDisruptionBudget selecting its pods and a HorizontalPodAutoscaler scaling it. */
export function coverageProblems(objects: K8sObject[]): string[] {
  const namespaceOf = (object: K8sObject) => (object.metadata as { namespace?: string } | undefined)?.namespace ?? '';
  const budgets = objects.filter((object) => object.kind === 'PodDisruptionBudget') as Array<
    K8sObject & { spec?: { selector?: { matchLabels?: Record<string, string> } } }
  >;
  const autoscalers = objects.filter((object) => object.kind === 'HorizontalPodAutoscaler') as Array<
    K8sObject & { spec?: { scaleTargetRef?: { kind?: string; name?: string } } }
  >;
  return objects.filter(isDeployment).flatMap((deployment) => {
    const labels = deployment.spec?.template?.metadata?.labels ?? {};
    const problems: string[] = [];
    const sameNamespace = (object: K8sObject) => namespaceOf(object) === namespaceOf(deployment);
    if (!budgets.some((budget) => sameNamespace(budget) && selects(budget.spec?.selector?.matchLabels, labels)))
      problems.push(`${label(deployment)}: no PodDisruptionBudget selects its pods`);
    if (
      !autoscalers.some(
        (autoscaler) =>
          sameNamespace(autoscaler) &&
          autoscaler.spec?.scaleTargetRef?.kind === 'Deployment' &&
          autoscaler.spec.scaleTargetRef.name === deployment.metadata.name,
      )
    )
      problems.push(`${label(deployment)}: no HorizontalPodAutoscaler scales it`);
    return problems;
  });
}

/**
 * No secret in the manifests: a variable whose name says a secret (SECRET, PASSWORD, TOKEN, KEY)
 * comes from a Secret by secretKeyRef, never as a value or from a ConfigMap; no variable and no
 * ConfigMap entry holds a URI with credentials, and no ConfigMap entry is named like a secret;
 * and no Secret object is rendered at all (they are created with `kubectl create secret`).
 */
export function secretProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const object of objects) {
    if (object.kind === 'Secret') problems.push(`${label(object)}: a Secret in the manifests (create it with kubectl create secret)`);
    if (object.kind === 'ConfigMap') {
      for (const [key, value] of Object.entries((object.data as Record<string, string> | undefined) ?? {})) {
        if (SECRET_NAME.test(key)) problems.push(`${label(object)}: ${key} looks like a secret (a Secret's key, not a ConfigMap's)`);
        if (CREDENTIAL_URI.test(value)) problems.push(`${label(object)}: ${key} holds a URI with credentials`);
      }
    }
    if (!isDeployment(object)) continue;
    for (const container of allContainers(podSpec(object))) {
      for (const variable of container.env ?? []) {
        const where = `${label(object)}: container ${container.name} env ${variable.name}`;
        if (SECRET_NAME.test(variable.name) && !variable.valueFrom?.secretKeyRef)
          problems.push(`${where} is not taken from a Secret (secretKeyRef)`);
        else if (variable.value !== undefined && CREDENTIAL_URI.test(variable.value))
          problems.push(`${where} holds a URI with credentials`);
      }
    }
  }
  return problems;
}

/** Every rule over one rendering. */
export function policyProblems(objects: K8sObject[]): string[] {
  return [...objects.filter(isDeployment).flatMap(podProblems), ...coverageProblems(objects), ...secretProblems(objects)];
}
