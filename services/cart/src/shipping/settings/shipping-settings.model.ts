import { Schema, type InferSchemaType } from 'mongoose';
import { DHL_LABEL_PRINT_FORMATS } from '@shop/contracts/admin';
import { auditOutboxPath, defineModel } from '@shop/service-kit';

/** The one record of the shipping settings (`_id` SHIPPING_SETTINGS_ID); absent until staff first save them. */
export const SHIPPING_SETTINGS_ID = 'shipping';

const categoryItemGramsSchema = new Schema(
  {
    /** The category's slug (catalog `category`), as copied onto order lines. */
    category: { type: String, required: true },
    /** Weight of one piece, g. */
    grams: { type: Number, required: true },
  },
  { _id: false },
);

const shippingSettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** DHL's age check booked with every label (contracts DhlAgeCheckService). */
    ageCheck: { type: String, enum: ['identCheck', 'visualCheckOfAge'], required: true },
    /** Packaging added to every parcel, g. */
    packagingGrams: { type: Number, required: true },
    /** Weight of one piece whose product and category have none, g; null: such orders need a weight typed in. */
    defaultItemGrams: { type: Number, default: null },
    categoryItemGrams: { type: [categoryItemGramsSchema], default: [] },
    /** DHL's `printFormat`; null: the DHL account's own setting. */
    printFormat: { type: String, enum: [...DHL_LABEL_PRINT_FORMATS, null], default: null },
    /** Cash on delivery (StoredCashOnDelivery): amounts in cents; absent until first saved with it (then off). */
    cashOnDelivery: {
      type: new Schema(
        {
          enabled: { type: Boolean, required: true },
          feeCents: { type: Number, required: true },
          maxTotalCents: { type: Number, required: true },
          accountReference: { type: String, default: '' },
        },
        { _id: false },
      ),
      default: null,
    },
    /** Optimistic concurrency of staff edits: every write raises it. */
    version: { type: Number, default: 0 },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);

export type ShippingSettingsRecord = InferSchemaType<typeof shippingSettingsSchema>;

export const shippingSettingsModel = defineModel('ShippingSettings', shippingSettingsSchema);
