import createError from '@fastify/error';

/**
 * Expected API errors with a stable `code` and a German `message` (spec §8: the client shows
 * '<status>: <message>'). Created with @fastify/error so the shared error handler can tell
 * them from unexpected failures.
 */
export const NotFoundError = createError<[string]>('NOT_FOUND', '%s', 404);
export const BadRequestError = createError<[string]>('BAD_REQUEST', '%s', 400);
export const ForbiddenError = createError<[string]>('FORBIDDEN', '%s', 403);
export const ConflictError = createError<[string]>('CONFLICT', '%s', 409);
