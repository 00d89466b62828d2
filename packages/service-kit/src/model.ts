import type { Connection, Schema } from 'mongoose';

/**
 * A typed model accessor for one schema (issue #10: models were `Model<any>`, so
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

/** True for MongoDB's duplicate key error (E11000): a unique index refused an insert or update. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
