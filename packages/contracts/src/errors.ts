import { z } from 'zod';

/**
 * Body of every non-2xx API response. The API client builds the spec's
 * '<status>: <message>' text from `message` (spec §8).
 * `code` is a stable machine-readable identifier (e.g. `VALIDATION_ERROR`, `NOT_FOUND`, `PAYLOAD_TOO_LARGE`);
 * `issues` lists validation problems for API clients: `path` ('body/quantity'), the German
 * `message`, and `rule`, the broken rule as zod names it ('too_small', 'too_big', 'invalid_type',
 * 'invalid_format', 'custom' …), which browsers branch on instead of the message text (issue #22).
 */
export const ErrorResponse = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string(), rule: z.string().optional() }).strict()).optional(),
  })
  .strict();
export type ErrorResponse = z.infer<typeof ErrorResponse>;
