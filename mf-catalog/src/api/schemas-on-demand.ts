/**
 * The contracts' schemas as the catalog's API reads use them: imported, with zod, by the first
 * read that parses an answer, not with the page. A page's first load needs none (its data came
 * with the server's HTML), so the schemas and zod stay off it (docs/performance.md 'zod off the
 * first load'); the import runs beside the request, not before it.
 */
type Contracts = typeof import('@shop/contracts');

/** A schema of the contracts, picked once they are loaded. */
export type SchemaOf<T> = (contracts: Contracts) => { parse(value: unknown): T };

/**
 * `request`'s answer parsed with the schema `schemaOf` picks.
 * @throws what `request` throws (ApiError), or the schema's ZodError for an answer that breaks the contract.
 */
export async function parsedAnswer<T>(request: Promise<unknown>, schemaOf: SchemaOf<T>): Promise<T> {
  const [contracts, body] = await Promise.all([import('@shop/contracts'), request]);
  return schemaOf(contracts).parse(body);
}
