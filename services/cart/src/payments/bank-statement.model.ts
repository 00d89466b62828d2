import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { auditOutboxPath, defineModel } from '@shop/service-kit';
import { BankPaymentOutcome } from '@shop/contracts/admin';

/**
 * One credit of an imported bank statement. `key` (the credit's identity on the account: the
 * bank's reference, or its content and count among identical ones; see parseCamt053) is unique: a
 * credit is decided once, however often or in parallel its statement is imported. The outcome
 * and the order it concerns are recorded as decided; staff's resolution of an open item
 * (assigned to an order, marked for refund) is audited through the outbox.
 */
const bankPaymentSchema = new Schema(
  {
    key: { type: String, required: true, unique: true },
    /** What the credit is (StatementCredit.fingerprint): tells a reused bank reference from the same credit. */
    fingerprint: { type: String, default: '' },
    importId: { type: String, required: true, index: true },
    statementId: { type: String, required: true },
    entryReference: { type: String, default: '' },
    bookedOn: { type: String, required: true },
    amountCents: { type: Number, required: true },
    currency: { type: String, required: true },
    /** A bank's reversal (`RvslInd`): never a payment, neither matched nor assignable. */
    reversal: { type: Boolean, default: false },
    debtorName: { type: String, default: '' },
    remittance: { type: String, default: '' },
    orderNumbers: { type: [String], default: [] },
    orderId: { type: String, default: null },
    outcome: { type: String, enum: BankPaymentOutcome.options, required: true },
    reason: { type: String, default: '' },
    resolution: {
      type: new Schema(
        { kind: { type: String, enum: ['assigned', 'refund'] }, orderNumber: String, note: String, at: Date, byUserId: String },
        { _id: false },
      ),
      default: null,
    },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);
bankPaymentSchema.index({ outcome: 1, bookedOn: 1 });

export const bankPaymentModel = defineModel('BankPayment', bankPaymentSchema);
export type BankPaymentRecord = InferSchemaType<typeof bankPaymentSchema> & { _id: Types.ObjectId; createdAt: Date };

/**
 * One upload of a statement file: who imported which file (name, SHA-256) when, the statements
 * and account in it, and what it changed (credits matched, open, already imported). Its audit
 * entry travels in the outbox like every staff change.
 */
const bankStatementImportSchema = new Schema(
  {
    fileName: { type: String, required: true },
    sha256: { type: String, required: true, index: true },
    statementIds: { type: [String], default: [] },
    accountIban: { type: String, required: true },
    byUserId: { type: String, required: true },
    /** The service's clock at the import (the list's order). */
    importedAt: { type: Date, required: true },
    matched: { type: Number, required: true },
    open: { type: Number, required: true },
    alreadyImported: { type: Number, required: true },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);
bankStatementImportSchema.index({ importedAt: -1 });

export const bankStatementImportModel = defineModel('BankStatementImport', bankStatementImportSchema);
export type BankStatementImportRecord = InferSchemaType<typeof bankStatementImportSchema> & { _id: Types.ObjectId };
