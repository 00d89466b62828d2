import { CheckError, type Check } from '@shop/contracts';

/** `value` checked by `check`, as a result: a CheckError is the value breaking its contract, anything else a bug. */
export function checked<T>(check: Check<T>, value: unknown): { ok: true; value: T } | { ok: false; error: CheckError } {
  try {
    return { ok: true, value: check(value) };
  } catch (error) {
    if (error instanceof CheckError) return { ok: false, error };
    throw error;
  }
}
