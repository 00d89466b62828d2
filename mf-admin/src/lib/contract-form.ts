import { z } from 'zod';
import { de } from 'zod/locales';
import { DecimalAmount } from '@shop/contracts';
import { parseEuroInput } from '@shop/format';

/**
 * A staff form derived from the contract's zod object of the request it sends (e.g.
 * `ProductFields` of packages/contracts admin-products.ts): its shape is walked once and each
 * field gets its input from its schema, so a field added to the contract needs no mapping code.
 * - `boolean` → a checkbox (`flag`); an enum → a select (`choice`);
 * - a string → a text input, trimmed (`text`); a string with the contract's `DecimalAmount`
 *   pattern (two-decimal EUR, '12.99') → an amount typed in German ('12,99', `euro`);
 * - a number → a text input: whole numbers (`integer`, `.int()`) or German decimals with a comma
 *   ('1,5', `decimal`);
 * - an array of strings → one entry per line (`lines`), or kept as the list a component edits
 *   (`list`, named by the form);
 * - an empty input sends null for a `.nullable()` field, nothing for an `.optional()` one.
 * `shape` checks the form's values in German: a text that is no number or amount is refused
 * with the form's message for the field (or the kind's), the converted value with the
 * contract's own rule and message (or the form's).
 */
// A contract rule without a message of its own refuses in German, as the services answer
// (service-kit's create-service-app.ts configures their zod the same way).
z.config(de());

export type FieldKind = 'text' | 'choice' | 'flag' | 'euro' | 'integer' | 'decimal' | 'lines' | 'list';

/** A form's value of a contract field: checkboxes hold booleans, lists their items, every other input its text. */
type FormValueOf<V> = [NonNullable<V>] extends [boolean] ? boolean : string;

/** The form values of the contract type `T`; `Lists` are the array fields kept as lists. */
export type FormValuesOf<T, Lists extends keyof T = never> = {
  [K in keyof T]-?: K extends Lists ? NonNullable<T[K]> : FormValueOf<T[K]>;
};

/**
 * The form's German message of a field: one text for any refusal of it, or texts by zod's issue
 * code ('too_small', …) beside the contract's own messages.
 */
export type FieldMessage = string | Partial<Record<string, string>>;

/** How one contract field is held and sent by the form. */
export interface FieldForm {
  kind: FieldKind;
  /** What an empty input sends: null (`.nullable()`), undefined (`.optional()`), or nothing else (required). */
  empty: 'null' | 'undefined' | 'required';
  /** The contract's schema of the field: its rules and German messages. */
  schema: z.ZodType;
}

/** A text input that is no number or amount of its kind. */
const INVALID = Symbol('invalid');

/** The kind's message when a text is no number or amount and the form words none. */
const KIND_MESSAGES: Partial<Record<FieldKind, string>> = {
  euro: 'Betrag in Euro, z. B. 14,99',
  integer: 'Eine ganze Zahl',
  decimal: 'Eine Zahl, z. B. 1,5',
};

interface StringCheckDef {
  check?: string;
  format?: string;
  pattern?: RegExp;
}

/** The regular expressions a string schema checks (zod's `regex` checks). */
function patternsOf(schema: z.ZodType): string[] {
  const checks = (schema.def as { checks?: Array<{ _zod: { def: StringCheckDef } }> }).checks ?? [];
  return checks.flatMap(({ _zod: { def } }) =>
    def.check === 'string_format' && def.format === 'regex' && def.pattern ? [def.pattern.source] : [],
  );
}

/** The field's schema without `.nullable()`, `.optional()` and `.default()`, and which of them it had. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; empty: FieldForm['empty'] } {
  let inner = schema;
  let empty: FieldForm['empty'] = 'required';
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
    if (inner instanceof z.ZodNullable) empty = 'null';
    else if (empty === 'required') empty = 'undefined';
    inner = inner.unwrap() as z.ZodType;
  }
  return { inner, empty };
}

function kindOf(key: string, inner: z.ZodType, lists: readonly string[], amountPattern: string): FieldKind {
  if (inner instanceof z.ZodBoolean) return 'flag';
  if (inner instanceof z.ZodEnum) return 'choice';
  if (inner instanceof z.ZodArray) return lists.includes(key) ? 'list' : 'lines';
  if (inner instanceof z.ZodNumber) return inner.isInt ? 'integer' : 'decimal';
  if (inner instanceof z.ZodString) return patternsOf(inner).includes(amountPattern) ? 'euro' : 'text';
  throw new Error(`contractForm: no form input for the field '${key}'`);
}

/** A field's text (or checkbox, or list) → the value the contract takes; INVALID for a text that is no number or amount. */
function parse(field: FieldForm, value: unknown): unknown {
  if (field.kind === 'flag' || field.kind === 'choice') return value;
  if (field.kind === 'list') return [...(value as unknown[])];
  const text = String(value).trim();
  if (field.kind === 'lines')
    return text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  if (text === '' && field.empty !== 'required') return field.empty === 'null' ? null : undefined;
  switch (field.kind) {
    case 'euro':
      return parseEuroInput(text) ?? INVALID;
    case 'integer':
      return /^\d{1,15}$/.test(text) ? Number(text) : INVALID;
    case 'decimal':
      return /^\d{1,15}([,.]\d{1,15})?$/.test(text) ? Number(text.replace(',', '.')) : INVALID;
    default:
      return text;
  }
}

/** A value of the contract → the form's text (or checkbox, or list). */
function format(field: FieldForm, value: unknown): unknown {
  if (field.kind === 'flag') return value === true;
  if (field.kind === 'list') return [...((value as unknown[] | null | undefined) ?? [])];
  if (value === null || value === undefined) return '';
  if (field.kind === 'lines') return (value as string[]).join('\n');
  if (field.kind === 'euro' || field.kind === 'decimal') return String(value).replace('.', ',');
  return String(value);
}

/** The form's base schema of one field's value: a checkbox's boolean, a list's strings, an input's text. */
const inputSchema = (kind: FieldKind): z.ZodType => (kind === 'flag' ? z.boolean() : kind === 'list' ? z.array(z.string()) : z.string());

/**
 * The form of the contract object `contract`: `lists` names array fields a component edits as a
 * list; `messages` words refusals as the form says them (German, for staff).
 */
export function contractForm<S extends z.ZodRawShape, Lists extends string = never>(
  contract: z.ZodObject<S>,
  { lists = [], messages = {} }: { lists?: readonly Lists[]; messages?: Partial<Record<string, FieldMessage>> } = {},
) {
  type Payload = z.output<z.ZodObject<S>>;
  type Values = FormValuesOf<Payload, Lists & keyof Payload>;
  const amountPattern = patternsOf(DecimalAmount)[0] ?? '';
  const fields = Object.fromEntries(
    Object.entries(contract.shape).map(([key, schema]) => {
      const { inner, empty } = unwrap(schema as z.ZodType);
      return [key, { kind: kindOf(key, inner, lists, amountPattern), empty, schema: schema as z.ZodType }];
    }),
  ) as Record<keyof S & string, FieldForm>;
  const keys = Object.keys(fields) as Array<keyof S & string>;

  const messageOf = (key: keyof S & string, issue: z.core.$ZodIssue | undefined): string => {
    const own = messages[key];
    if (typeof own === 'string') return own;
    const byCode = issue && own?.[issue.code];
    if (byCode) return byCode;
    if (issue) return issue.message;
    const kind = KIND_MESSAGES[fields[key].kind] ?? 'Bitte prüfen Sie die Eingabe';
    return fields[key].empty === 'required' ? `${kind}.` : `${kind}, oder leer lassen.`;
  };

  /** The value the contract takes of a field's input; undefined for a text that is no number or amount, or a field the contract lacks. */
  const valueOf = (key: string, input: unknown): unknown => {
    const field = (fields as Partial<Record<string, FieldForm>>)[key];
    const value = field ? parse(field, input) : undefined;
    return value === INVALID ? undefined : value;
  };

  /** The form's check of each field (for `z.object`, beside fields of the form's own). */
  const shape = Object.fromEntries(
    keys.map((key) => [
      key,
      inputSchema(fields[key].kind).superRefine((input, context) => {
        const value = parse(fields[key], input);
        const refusal = value === INVALID ? undefined : fields[key].schema.safeParse(value).error?.issues[0];
        if (value === INVALID || refusal) context.addIssue({ code: 'custom', message: messageOf(key, refusal) });
      }),
    ]),
  ) as Record<keyof S & string, z.ZodType>;

  return {
    fields,
    shape,
    valueOf,
    /** The form's values of a record (fields it lacks are empty). */
    toFormValues: (record: Partial<Payload>): Values =>
      Object.fromEntries(keys.map((key) => [key, format(fields[key], (record as Record<string, unknown>)[key])])) as Values,
    /**
     * Checked form values → the contract's payload. @throws Error for a text that is no number or
     * amount (`shape` refuses it first).
     */
    toPayload: (values: Values): Payload =>
      Object.fromEntries(
        keys.flatMap((key) => {
          const value = parse(fields[key], (values as Record<string, unknown>)[key]);
          if (value === INVALID) throw new Error(`contractForm: '${key}' is not checked`);
          return value === undefined ? [] : [[key, value]];
        }),
      ) as Payload,
  };
}
