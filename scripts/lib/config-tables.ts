import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { MetricsEnv } from '../../packages/service-kit/src/config';
import { AccountEnv } from '../../services/account/src/config';
import { AdminEnv } from '../../services/admin/src/config';
import { CartEnv } from '../../services/cart/src/config';
import { CatalogEnv } from '../../services/catalog/src/config';
import { ContentEnv } from '../../services/content/src/config';
import { GatewayEnv } from '../../services/gateway/src/config';

/**
 * The configuration tables of the services' READMEs, made from the zod schemas each process
 * parses its environment with (`services/<slice>/src/config.ts`, plus `MetricsEnv` of
 * @shop/service-kit, which every process reads at start): one row per variable with its default
 * and the field's `.describe()` text (none missing). Each table stands in its README between CONFIG_TABLE_START
 * and CONFIG_TABLE_END. `WRITE_COMMAND` rewrites them; scripts/config-tables.test.ts fails while a
 * README and its schema disagree. Run with tsconfig.checks.json, so `@shop/*` resolves to the
 * packages' sources as in jest, not to their last build.
 */
export const CONFIG_TABLE_START = '<!-- config-table:start -->';
export const CONFIG_TABLE_END = '<!-- config-table:end -->';
export const WRITE_COMMAND = 'npx tsx --tsconfig tsconfig.checks.json scripts/lib/config-tables.ts --write';

const ROOT = path.resolve(__dirname, '..', '..');

/** The processes with their own configuration, in the order of the root README. */
export const PROCESSES = ['catalog', 'cart', 'account', 'content', 'admin', 'gateway'] as const;
export type Slice = (typeof PROCESSES)[number];

/** A README's repository path. */
export const readmeOf = (slice: Slice): string => `services/${slice}/README.md`;

const SCHEMAS: Record<Slice, z.ZodType> = {
  catalog: CatalogEnv,
  cart: CartEnv,
  account: AccountEnv,
  content: ContentEnv,
  admin: AdminEnv,
  gateway: GatewayEnv,
};

/** The zod internals this reads: the kind of a schema and the parts it wraps. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  defaultValue?: unknown;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object schema under refinements and transforms (`.superRefine`, `.transform`). */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema);
  if (def.type === 'object' && def.shape) return def.shape;
  if (def.type === 'pipe' && def.in) return objectShape(def.in);
  throw new Error(`not an object schema: ${def.type}`);
}

/** What a field does when unset: a default, allowed to be missing, or required. */
type Unset = { kind: 'default'; value: unknown } | { kind: 'optional' } | { kind: 'required' };

function whenUnset(schema: z.ZodType): Unset {
  const def = defOf(schema);
  if (def.type === 'default' || def.type === 'prefault') return { kind: 'default', value: def.defaultValue };
  if (def.type === 'optional') return { kind: 'optional' };
  if (def.type === 'pipe' && def.in && def.out) {
    // A preprocess is a pipe from a transform: what the value becomes decides.
    const first = whenUnset(def.in);
    return first.kind === 'required' && defOf(def.in).type === 'transform' ? whenUnset(def.out) : first;
  }
  if (def.innerType) return whenUnset(def.innerType);
  return { kind: 'required' };
}

/** The text of `.describe()` on a field, or on what it wraps. */
function descriptionOf(schema: z.ZodType): string | undefined {
  if (schema.description) return schema.description;
  const def = defOf(schema);
  const inner = def.innerType ?? def.in;
  return inner ? descriptionOf(inner) : undefined;
}

/** A default as a reader sets it: paths in the repository relative to it, not this machine's. */
function renderDefault(unset: Unset): string {
  if (unset.kind === 'required') return 'required';
  if (unset.kind === 'optional' || unset.value === '' || unset.value === undefined) return '–';
  let value = String(unset.value);
  for (const base of [ROOT, process.cwd()]) {
    if (value === base) value = '.';
    else if (value.startsWith(base + path.sep)) value = `./${path.relative(base, value).split(path.sep).join('/')}`;
  }
  return `\`${value}\``;
}

const cell = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');

export interface ConfigVariable {
  name: string;
  default: string;
  meaning: string | undefined;
}

/** Every variable a process's schemas read, in the schemas' order. */
export function configVariables(slice: Slice): ConfigVariable[] {
  return [SCHEMAS[slice], MetricsEnv].flatMap((schema) =>
    Object.entries(objectShape(schema)).map(([name, field]) => ({
      name,
      default: renderDefault(whenUnset(field)),
      meaning: descriptionOf(field),
    })),
  );
}

/** The table of a process as its README holds it between the markers (markers included). */
export function configTable(slice: Slice): string {
  const variables = configVariables(slice);
  const undescribed = variables.filter((variable) => !variable.meaning).map((variable) => variable.name);
  if (undescribed.length > 0)
    throw new Error(
      `${slice}: no .describe() text for ${undescribed.join(', ')} (a @shop package read from an old build? Run: ${WRITE_COMMAND})`,
    );
  return [
    CONFIG_TABLE_START,
    `<!-- Generated from src/config.ts and MetricsEnv (packages/service-kit/src/config.ts) by scripts/lib/config-tables.ts; do not edit: ${WRITE_COMMAND} -->`,
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...variables.map((variable) => `| \`${variable.name}\` | ${cell(variable.default)} | ${cell(variable.meaning ?? '')} |`),
    CONFIG_TABLE_END,
  ].join('\n');
}

/** The README's text with its table as the schemas give it. @throws when the README has no markers. */
export function withConfigTable(slice: Slice, readme: string): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) throw new Error(`${readmeOf(slice)} has no ${CONFIG_TABLE_START} … ${CONFIG_TABLE_END} markers`);
  return readme.slice(0, start) + configTable(slice) + readme.slice(end + CONFIG_TABLE_END.length);
}

/** The table between a README's markers as it stands (markers included), or null without them. */
export function currentConfigTable(readme: string): string | null {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  return start < 0 || end < start ? null : readme.slice(start, end + CONFIG_TABLE_END.length);
}

export const readReadme = (slice: Slice): string => readFileSync(path.join(ROOT, readmeOf(slice)), 'utf8');

if (require.main === module) {
  const write = process.argv.includes('--write');
  let stale = 0;
  for (const name of PROCESSES) {
    const readme = readReadme(name);
    const wanted = withConfigTable(name, readme);
    if (wanted === readme) continue;
    stale += 1;
    if (write) writeFileSync(path.join(ROOT, readmeOf(name)), wanted);
    console.log(`${readmeOf(name)}: ${write ? 'table written' : 'table differs from the schema'}`);
  }
  if (!write && stale > 0) {
    console.log(`Write them with: ${WRITE_COMMAND}`);
    process.exitCode = 1;
  }
}
