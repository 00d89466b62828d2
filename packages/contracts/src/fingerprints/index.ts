import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ShopEvents, ShopRequests } from '../events';

/**
 * What a build was compiled against, per browser contract (`@shop/contracts/fingerprints`, Node
 * only): for each event of ShopEvents and each request of ShopRequests, the first 12 hex digits of
 * SHA-256 over its JSON Schema (a request: its request and response schemas). Two builds whose
 * fingerprints of a contract differ send or parse different payloads for it. Written into every
 * remote's build (`contracts.json`, packages/webpack-config) and compared before a release goes
 * live (docs/releases.md).
 */
export function contractFingerprints(): Record<string, string> {
  const fingerprint = (schema: unknown) => createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 12);
  const events = Object.entries(ShopEvents).map(([name, schema]) => [name, fingerprint(z.toJSONSchema(schema, { io: 'input' }))]);
  const requests = Object.entries(ShopRequests).map(([name, { request, response }]) => [
    name,
    fingerprint({ request: z.toJSONSchema(request, { io: 'input' }), response: z.toJSONSchema(response, { io: 'input' }) }),
  ]);
  return Object.fromEntries([...events, ...requests]);
}
