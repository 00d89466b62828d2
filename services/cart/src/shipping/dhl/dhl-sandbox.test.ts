/**
 * Opt-in: DHL's real sandbox (services/cart/README.md 'Shipping with DHL'). Runs only with an API
 * key and secret of one's own app from developer.dhl.com in DHL_SANDBOX_API_KEY and
 * DHL_SANDBOX_API_SECRET; user, password and billing number are DHL's published sandbox ones
 * (the cart's development defaults). Only validates (`?validate=true`): nothing is booked.
 */
import { loadConfig } from '@shop/service-kit';
import { CartEnv } from '../../config';
import { dhlOrderInput, shipmentOrderProblems } from '../../test-support/fake-dhl';
import { dhlClientFor } from './dhl-client';
import { shipmentFor, type ShipmentForInput } from './shipment-for';

const apiKey = process.env.DHL_SANDBOX_API_KEY;
const apiSecret = process.env.DHL_SANDBOX_API_SECRET;
const sandboxTest = apiKey && apiSecret ? test : test.skip;
const title =
  apiKey && apiSecret
    ? "DHL's sandbox accepts the shop's shipments with Ident-Check and with the visual age check (validate=true)"
    : "DHL's sandbox (skipped: set DHL_SANDBOX_API_KEY and DHL_SANDBOX_API_SECRET to run it)";

sandboxTest(
  title,
  async () => {
    const config = loadConfig(CartEnv, {
      MONGODB_URI: 'mongodb://127.0.0.1:27017',
      COOKIE_SECRET: 'c'.repeat(40),
      DHL_API_KEY: apiKey,
      DHL_API_SECRET: apiSecret,
      DHL_TIMEOUT_MS: '30000',
    });
    const dhl = config.dhl;
    if (!dhl.configured) throw new Error(dhl.reason);
    const { billingNumber } = dhl;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    const input = (orderNumber: string, ageCheck: ShipmentForInput['ageCheck']) =>
      dhlOrderInput({ orderNumber, ageCheck, billingNumber, shipDate: today });
    const shipments = [
      shipmentFor(input('RT-2026-SANDBOX1', { service: 'identCheck', dateOfBirth: '1990-04-01' })),
      shipmentFor(input('RT-2026-SANDBOX2', { service: 'visualCheckOfAge' })),
    ];
    expect(shipmentOrderProblems({ profile: 'STANDARD_GRUPPENPROFIL', shipments })).toEqual([]);

    const result = await dhlClientFor(dhl).createOrders(shipments, { validate: true });
    // On failure the messages say why (DHL answers in German).
    expect(result.shipments.map((item) => (item.ok ? 'ok' : item.outcomeUnknown ? item.reason : item.messages))).toEqual(['ok', 'ok']);
    expect(result).toMatchObject({ status: 207, validated: true });
  },
  60_000,
);
