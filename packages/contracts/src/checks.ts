/**
 * Checks of the few values a page reads before its first tap (the event bus's payloads, the boot
 * data), free of zod: zod and its ~24 KB stay off the first load and come with the first API answer
 * a page parses (docs/performance.md 'zod off the first load'). A check gives what its contract's
 * zod schema would give (unknown keys of a strict object refused, of another one dropped; defaults
 * filled in), or throws a CheckError; each check is held equal to its schema by a test
 * (checks-agree.test.ts), on valid samples and on every field broken.
 */

/** A check: the value as the contract's schema gives it. @throws CheckError naming where and what was expected. */
export type Check<T> = (value: unknown, at?: string) => T;

/** A value that breaks its contract: `at` is its path ('remotes[0].name'), the message says what was expected. */
export class CheckError extends TypeError {
  constructor(
    readonly at: string,
    expected: string,
  ) {
    super(`${at || 'value'}: expected ${expected}`);
    this.name = 'CheckError';
  }
}

/** `value` when `ok`, else a CheckError at `at`. */
const ensure = <T>(ok: boolean, value: T, at: string, expected: string): T => {
  if (!ok) throw new CheckError(at, expected);
  return value;
};

/** A string of `min` to `max` characters (zod's `.min()`, `.max()`), meeting `rule` when given. */
export const string =
  ({
    min = 0,
    max = Infinity,
    rule,
  }: { min?: number; max?: number; rule?: { test: (text: string) => boolean; name: string } } = {}): Check<string> =>
  (value, at = '') => {
    ensure(typeof value === 'string', value, at, 'a string');
    const text = value as string;
    ensure(text.length >= min && text.length <= max, text, at, `${min} to ${max} characters`);
    return rule ? ensure(rule.test(text), text, at, rule.name) : text;
  };

export const boolean: Check<boolean> = (value, at = '') => ensure(typeof value === 'boolean', value as boolean, at, 'true or false');

/** A safe integer of at least `min` (zod's `.int()`, `.min()`, `.positive()` as min 1). */
export const int =
  (min = Number.MIN_SAFE_INTEGER): Check<number> =>
  (value, at = '') =>
    ensure(typeof value === 'number' && Number.isSafeInteger(value) && value >= min, value as number, at, `an integer of at least ${min}`);

/** One of `values` (zod's `z.enum`). */
export const oneOf =
  <const V extends readonly string[]>(values: V): Check<V[number]> =>
  (value, at = '') =>
    ensure(values.includes(value as string), value as V[number], at, `one of ${values.join(', ')}`);

export const arrayOf =
  <T>(item: Check<T>): Check<T[]> =>
  (value, at = '') =>
    ensure(Array.isArray(value), value as unknown[], at, 'an array').map((entry, index) => item(entry, `${at}[${index}]`));

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value, at) =>
    value === null ? null : check(value, at);

/** Absent or undefined allowed (zod's `.optional()`): an absent key stays absent. */
export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value, at) =>
    value === undefined ? undefined : check(value, at);

/** `fallback` when absent or undefined (zod's `.default()`). */
export const withDefault =
  <T>(check: Check<T>, fallback: T): Check<T> =>
  (value, at) =>
    value === undefined ? fallback : check(value, at);

/** A plain object (zod's `isPlainObject`: its prototype Object's or none; no Date, Map or class instance). */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || prototype === Object.prototype;
};

/** An object with string keys and any values (zod's `z.record(z.string(), z.unknown())`). */
export const record: Check<Record<string, unknown>> = (value, at = '') => {
  const input = ensure(isPlainObject(value), value as Record<string, unknown>, at, 'an object');
  // Copied key by key, as zod does (a JSON '__proto__' key is no own key of the copy).
  const output: Record<string, unknown> = {};
  for (const key of Object.keys(input)) output[key] = input[key];
  return output;
};

type Checked<S extends Record<string, Check<unknown>>> = { [K in keyof S]: ReturnType<S[K]> };

/**
 * An object of `shape`: 'strict' refuses other keys (zod's `z.strictObject`), 'strip' drops them
 * (`z.object`). A key whose check gives undefined for its absence stays absent.
 */
export const object =
  <S extends Record<string, Check<unknown>>>(shape: S, unknownKeys: 'strict' | 'strip'): Check<Checked<S>> =>
  (value, at = '') => {
    const input = ensure(isPlainObject(value), value as Record<string, unknown>, at, 'an object');
    if (unknownKeys === 'strict') {
      const extra = Object.keys(input).find((key) => !Object.hasOwn(shape, key));
      if (extra !== undefined) throw new CheckError(at ? `${at}.${extra}` : extra, 'no such key');
    }
    const output: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      const present = Object.hasOwn(input, key);
      const checked = check(present ? input[key] : undefined, at ? `${at}.${key}` : key);
      if (checked !== undefined || present) output[key] = checked;
    }
    return output as Checked<S>;
  };
