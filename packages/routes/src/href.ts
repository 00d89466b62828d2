import { generatePath, type PathParam } from 'react-router-dom';
import type { RoutePath } from './index';

type PathParams<P extends string> = { [K in PathParam<P>]: string };

/**
 * The address of a page of the table with its parameters filled in (encoded), for links and
 * navigation: `href('/danke/:orderId', { orderId })`. A path that is not in the table, or a
 * missing parameter, fails the type-check.
 */
export function href<const P extends RoutePath>(path: P, ...params: [PathParam<P>] extends [never] ? [] : [PathParams<P>]): string {
  return generatePath(path, (params[0] ?? {}) as never);
}
