import type { FastifyInstance } from 'fastify';

/** A request to one endpoint: its status code. */
type Call = (method: string, url: string, headers: Record<string, string>) => Promise<number>;

/**
 * Calls every /api/admin endpoint a service registered (`app.adminRoutes` of service-kit) without
 * a login and with a customer's identity (401 and 403 from every admin endpoint,
 * whatever the screens do). A new endpoint without a permission check fails the test that uses
 * this. Route parameters get a harmless value. @returns the endpoints with their answers, for the
 * test's assertion (and its message).
 */
export async function adminEndpointAnswers(
  app: FastifyInstance & { adminRoutes: ReadonlyArray<{ method: string; url: string }> },
  customerIdentity: string,
): Promise<Array<{ endpoint: string; anonymous: number; customer: number }>> {
  const call: Call = async (method, url, headers) =>
    (
      await app.inject({
        method: method as 'GET',
        url,
        headers: { 'content-type': 'application/json', ...headers },
        payload: method === 'GET' ? undefined : '{}',
      })
    ).statusCode;
  const answers = [];
  for (const { method, url } of app.adminRoutes) {
    const concrete = url.replace(/:[A-Za-z]+/g, 'aaaaaaaaaaaaaaaaaaaaaaaa');
    answers.push({
      endpoint: `${method} ${url}`,
      anonymous: await call(method, concrete, {}),
      customer: await call(method, concrete, { 'x-shop-identity': customerIdentity }),
    });
  }
  return answers;
}
