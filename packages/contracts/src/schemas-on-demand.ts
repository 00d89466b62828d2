/**
 * The contracts' schemas as a storefront app's API calls use them: imported, with zod, by the
 * first call that parses an answer, not with the page. A page's first load needs none (its data
 * came with the server's HTML), so the schemas and zod stay off it (docs/performance.md 'zod off
 * the first load').
 */
type Contracts = typeof import('./index');

/** A schema of the contracts, picked once they are loaded. */
export type SchemaOf<T> = (contracts: Contracts) => { parse(value: unknown): T };

export interface AnswerParsers {
  /**
   * A read's answer parsed with the schema `schemaOf` picks; the schemas load beside the request.
   * @throws what `request` throws (ApiError), the schema's ZodError, or the failed import.
   */
  parsedAnswer<T>(request: Promise<unknown>, schemaOf: SchemaOf<T>): Promise<T>;
  /**
   * A write (`send`, called once) whose answer is parsed with the schema `schemaOf` picks: the
   * schemas load first, so a failed import fails the action before anything is sent, and a write
   * the server has done is never reported as failed for want of its schema (a placed order, a cart
   * line added). @throws the failed import (nothing sent), or what `send` or the schema throws.
   */
  parsedWrite<T>(send: () => Promise<unknown>, schemaOf: SchemaOf<T>): Promise<T>;
}

/**
 * The parsers of an app, given how it loads the contracts: `() => import('@shop/contracts')`
 * written in the app, so its bundler splits the schemas and zod into a chunk of the app's own (the
 * contracts are bundled per app: each parses with the schemas it was built with, a slice ships alone).
 */
export function schemasOnDemand(load: () => Promise<Contracts>): AnswerParsers {
  return {
    async parsedAnswer(request, schemaOf) {
      const [contracts, body] = await Promise.all([load(), request]);
      return schemaOf(contracts).parse(body);
    },
    async parsedWrite(send, schemaOf) {
      const schema = schemaOf(await load());
      return schema.parse(await send());
    },
  };
}
