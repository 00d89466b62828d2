/** A query string of the set parameters (undefined and '' left out), for the admin list endpoints. */
export function queryString(params: Record<string, string | number | boolean | undefined>): string {
  return new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  ).toString();
}
