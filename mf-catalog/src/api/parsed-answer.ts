import { schemasOnDemand } from '@shop/contracts';

/** An API answer parsed with the contract's schema, imported with zod beside the first request (schemas-on-demand.ts of @shop/contracts). */
export const parsedAnswer = schemasOnDemand(() => import('@shop/contracts'));
