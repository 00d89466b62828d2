import { ApiError } from '@shop/api-client';

/** The server's German message of a failed call, or `fallback` (spec §8 fallbacks). */
export const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.serverMessage) || fallback;
