import { Schema, type Types } from 'mongoose';
import { defineModel } from '@shop/service-kit';
import type { InvoiceLine, InvoiceParty, TaxTotal } from './invoice-document';

const partySchema = new Schema(
  {
    name: { type: String, required: true },
    lines: { type: [String], required: true },
  },
  { _id: false },
);

const invoiceLineSchema = new Schema(
  {
    description: { type: String, required: true },
    quantity: { type: Number, required: true },
    /** Gross price of one piece, cents (negative on a cancellation). */
    unitGrossCents: { type: Number, required: true },
    grossCents: { type: Number, required: true },
    netCents: { type: Number, required: true },
    vatCents: { type: Number, required: true },
    vatRatePercent: { type: Number, required: true },
  },
  { _id: false },
);

const taxSchema = new Schema(
  {
    ratePercent: { type: Number, required: true },
    netCents: { type: Number, required: true },
    vatCents: { type: Number, required: true },
    grossCents: { type: Number, required: true },
  },
  { _id: false },
);

/**
 * An issued invoice or cancellation invoice (§ 14 UStG). Immutable once stored: a
 * correction is a cancellation invoice plus a new invoice, never an edit. `sequence` is unique
 * and counted without gaps (the insert itself takes the number, see Invoices.issue); `issueKey`
 * is unique per order and document (`{orderId}:invoice:1`, `{orderId}:cancellation:1`, …), so
 * a repeated or parallel issue finds the first. `pdf` is rendered from these fields alone and
 * stored once (set only while null).
 */
const invoiceSchema = new Schema(
  {
    sequence: { type: Number, required: true, unique: true },
    number: { type: String, required: true, unique: true },
    issueKey: { type: String, required: true, unique: true },
    kind: { type: String, enum: ['invoice', 'cancellation'], required: true },
    orderId: { type: String, required: true, index: true },
    orderNumber: { type: String, required: true },
    /** The invoice a cancellation invoice cancels. */
    cancelsNumber: { type: String, default: null },
    issuedAt: { type: Date, required: true },
    /** Day of supply ('YYYY-MM-DD', Germany): the day the parcel was handed to DHL. */
    supplyDate: { type: String, required: true },
    seller: { type: partySchema, required: true },
    /** The seller's VAT ID and WEEE registration number as printed. */
    sellerVatId: { type: String, required: true },
    sellerWeeeNumber: { type: String, required: true },
    buyer: { type: partySchema, required: true },
    lines: { type: [invoiceLineSchema], required: true },
    taxes: { type: [taxSchema], required: true },
    totalGrossCents: { type: Number, required: true },
    paymentNote: { type: String, required: true },
    pdf: { type: Buffer, default: null },
  },
  { timestamps: false, versionKey: false },
);

/** An invoice as stored (lean); amounts in cents. */
export interface InvoiceRecord {
  _id: Types.ObjectId;
  sequence: number;
  number: string;
  issueKey: string;
  kind: 'invoice' | 'cancellation';
  orderId: string;
  orderNumber: string;
  cancelsNumber: string | null;
  issuedAt: Date;
  supplyDate: string;
  seller: InvoiceParty;
  sellerVatId: string;
  sellerWeeeNumber: string;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  taxes: TaxTotal[];
  totalGrossCents: number;
  paymentNote: string;
  pdf: Buffer | null;
}
export const invoiceModel = defineModel('Invoice', invoiceSchema);
