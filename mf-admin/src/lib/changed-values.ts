/** The fields of `next` whose values differ from `current` (compared as JSON): what a staff change sends with its version. */
export function changedValues<T extends object>(current: T, next: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(current[key as keyof T])),
  ) as Partial<T>;
}
