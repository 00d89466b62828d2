/**
 * A schema built on its first use, not when the contracts module loads.
 *
 * Building all of the contracts' zod schemas when the module loads cost about 100 ms of a phone's
 * main thread (4× CPU), for the handful a page parses (docs/performance.md 'Ship less').
 * `lazySchema` returns a stand-in with the schema's type that builds the schema at the first
 * property read (`.parse`, `.shape`, `.extend`, …) and then forwards every operation to it, so
 * callers and composed schemas use it as the schema itself. `instanceof` works too: zod decides
 * it from the schema's `_zod` traits (Symbol.hasInstance).
 *
 * JSON Schema (z.toJSONSchema, the services' OpenAPI documents) keeps what it has converted in a
 * map keyed by the schema it was handed: the stand-in. A schema's own converter looks itself up
 * by the built schema (zod's pipe, transform, default, catch, readonly, … converters), which the
 * map does not hold, and failed ('Cannot set properties of undefined'). The stand-in's `_zod`
 * therefore hands out a converter that files the built schema under the stand-in's entry while
 * it converts.
 *
 * Marked free of side effects for the minifier: a browser build that uses no export holding a
 * stand-in drops it, with the schema and zod code only it refers to.
 */
/*#__NO_SIDE_EFFECTS__*/
export function lazySchema<T extends object>(create: () => T): T {
  let schema: T | undefined;
  let internals: object | undefined;
  const built = (): T => (schema ??= create());
  const stand = new Proxy({} as T, {
    get: (_, key) => (key === '_zod' ? (internals ??= convertedAs(stand, built())) : Reflect.get(built(), key)),
    set: (_, key, value) => Reflect.set(built(), key, value),
    has: (_, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      // A proxy may not report a property as non-configurable unless its own target has it.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(built(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
  return stand;
}

/** What of zod's JSON Schema context a converter uses: the entries of the schemas seen so far. */
interface JsonSchemaContext {
  seen: Map<unknown, unknown>;
}
type Converter = (ctx: JsonSchemaContext, json: unknown, params: unknown) => void;

/**
 * `schema`'s zod internals (`_zod`) as the stand-in `stand` shows them: the same object, except
 * that its JSON Schema converter finds the stand-in's entry under the built schema too.
 */
function convertedAs(stand: object, schema: object): object {
  const zod = Reflect.get(schema, '_zod') as object | undefined;
  if (!zod || typeof zod !== 'object') return zod as unknown as object;
  return new Proxy(zod, {
    get: (target, key) => {
      const value = Reflect.get(target, key) as unknown;
      if (key !== 'processJSONSchema' || typeof value !== 'function') return value;
      const convert = value as Converter;
      return (ctx: JsonSchemaContext, json: unknown, params: unknown) => {
        if (!ctx.seen.has(stand)) return convert(ctx, json, params);
        // The built schema may have an entry of its own (used directly elsewhere): kept aside.
        const own = ctx.seen.has(schema) ? { entry: ctx.seen.get(schema) } : null;
        ctx.seen.set(schema, ctx.seen.get(stand));
        try {
          convert(ctx, json, params);
        } finally {
          if (own) ctx.seen.set(schema, own.entry);
          else ctx.seen.delete(schema);
        }
      };
    },
  });
}
