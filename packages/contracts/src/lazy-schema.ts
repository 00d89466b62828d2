/**
 * A schema built on its first use, not when the contracts module loads.
 *
 * Every page of the storefront loads `@shop/contracts` (a shared singleton: one copy for the
 * shell and all remotes, bundled whole), and building all of its zod schemas at once cost about
 * 100 ms of a phone's main thread (4× CPU) while the first page started, for the handful a page
 * parses (docs/performance.md 'Ship less'). `lazySchema` returns a stand-in with the schema's type
 * that builds the schema at the first property read (`.parse`, `.shape`, `.extend`, …) and then
 * forwards every operation to it, so callers and composed schemas use it as the schema itself.
 * `instanceof` works too: zod decides it from the schema's `_zod` traits (Symbol.hasInstance).
 */
export function lazySchema<T extends object>(create: () => T): T {
  let schema: T | undefined;
  const built = (): T => (schema ??= create());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(built(), key),
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
}
