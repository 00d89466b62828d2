import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { ERROR_CODES } from './error-code-list';

/** The schema of ERROR_CODES (error-code-list.ts): every code an API error answer can carry. */
export const ErrorCode = lazySchema(() => z.enum(ERROR_CODES));
export type ErrorCode = z.infer<typeof ErrorCode>;
