/**
 * The contracts' schemas as a storefront app's API reads use them: imported, with zod, by the
 * first read that parses an answer, not with the page. A page's first load needs none (its data
 * came with the server's HTML), so the schemas and zod stay off it (docs/performance.md 'zod off
 * the first load'); the import runs beside the request, not before it.
 */
type Contracts = typeof import('./index');

/** A schema of the contracts, picked once they are loaded. */
export type SchemaOf<T> = (contracts: Contracts) => { parse(value: unknown): T };

/** `request`'s answer parsed with the schema `schemaOf` picks. @throws what `request` throws (ApiError), or the schema's ZodError. */
export type ParsedAnswer = <T>(request: Promise<unknown>, schemaOf: SchemaOf<T>) => Promise<T>;

/**
 * The `parsedAnswer` of an app, given how it loads the contracts: `() => import('@shop/contracts')`
 * written in the app, so its bundler splits the schemas and zod into a chunk of the app's own (the
 * contracts are bundled per app: each parses with the schemas it was built with, a slice ships alone).
 */
export function schemasOnDemand(load: () => Promise<Contracts>): ParsedAnswer {
  return async (request, schemaOf) => {
    const [contracts, body] = await Promise.all([load(), request]);
    return schemaOf(contracts).parse(body);
  };
}
