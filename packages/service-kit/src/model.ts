import { Schema, type Connection } from 'mongoose';

/**
 * A typed model accessor for one schema (models were `Model<any>`, so
 * `doc.nonexistent.field` compiled). The document type is inferred from the schema
 * (`InferSchemaType`), with `_id` and timestamps as mongoose declares them. The model is
 * registered on a connection on first use and reused after, so a service can hand any of its
 * connections (tests open several) to its repositories.
 *
 * @example
 * export const orderModel = defineModel('Order', orderSchema);
 * const order = await orderModel(app.db).findById(id).lean(); // typed, no cast
 */
export function defineModel<TSchema extends Schema>(name: string, schema: TSchema) {
  const register = (db: Connection) => db.model(name, schema);
  return (db: Connection): ReturnType<typeof register> => (db.models[name] as ReturnType<typeof register> | undefined) ?? register(db);
}

/**
 * True for MongoDB's duplicate key error (E11000): a unique index refused an insert or update.
 * The local engine (FerretDB v1, SQLite) answers an insert with 11000 but an update that hits a
 * unique index with InternalError (code 1) naming SQLite's 'UNIQUE constraint failed': both count.
 */
export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 11000 || (code === 1 && typeof message === 'string' && message.includes('UNIQUE constraint failed'));
}

/**
 * A German postal address as services store it (contract `Address`: checkout orders, saved
 * customer addresses): country always 'DE', `addressLine2` empty when unused.
 */
export const storedAddressSchema = new Schema(
  {
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    street: { type: String, required: true },
    addressLine2: { type: String, default: '' },
    postalCode: { type: String, required: true },
    city: { type: String, required: true },
    country: { type: String, enum: ['DE'], required: true },
  },
  { _id: false },
);

/**
 * A case-insensitive "contains" condition for plain text a user typed (staff searches): every
 * regex character is escaped, so the text never acts as a pattern.
 */
export function containsText(text: string): { $regex: string; $options: 'i' } {
  return { $regex: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' };
}

/**
 * The indexes of a model, built once before the first write that depends on them (a unique index
 * that decides between two parallel writes: invoice numbers, one review per bought product).
 * Mongoose builds indexes in the background; a write racing that build is not refused. A failed
 * build (the database away) is tried again by the next call.
 * @returns a function resolving when the model's indexes exist.
 */
export function indexesOnce(init: () => Promise<unknown>): () => Promise<unknown> {
  let building: Promise<unknown> | null = null;
  return () => {
    building ??= init().catch((error: unknown) => {
      building = null;
      throw error;
    });
    return building;
  };
}
