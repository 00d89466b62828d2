import { schemasOnDemand } from '@shop/contracts';

/** API answers parsed with the contract's schemas, imported with zod by the first call that parses (schemas-on-demand.ts of @shop/contracts). */
export const { parsedAnswer, parsedWrite } = schemasOnDemand(() => import('@shop/contracts'));
