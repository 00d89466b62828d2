/**
 * The text of the field `name` of an urlencoded form body (@fastify/formbody), cut to `cap`
 * characters; '' when the field is absent or not a single text (a repeated field arrives as an
 * array). Forms read only the fields they name this way (docs/security.md); a cap a little beyond
 * the contract's maximum keeps its German 'too long' message.
 */
export function formText(fields: Readonly<Record<string, unknown>>, name: string, cap: number): string {
  const value = fields[name];
  return typeof value === 'string' ? value.slice(0, cap) : '';
}
