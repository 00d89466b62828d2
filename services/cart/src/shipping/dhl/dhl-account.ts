/**
 * DHL's hosts and the sandbox account DHL publishes in its sandbox collection ("Testsuite VLS
 * REST API V2 APIgee Sandbox GDP (OAuth)", collection variables `gkpuser`, `gkppass`,
 * `billing_01_default`): the development defaults of services/cart/src/config.ts. The API key
 * and secret have no published sandbox value: each developer creates an app on
 * developer.dhl.com.
 */

/** DHL's sandbox API host (`servers` of parcel-de-shipping-v2.yaml: …/parcel/de/shipping/v2). */
export const DHL_SANDBOX_BASE_URL = 'https://api-sandbox.dhl.com';
/** DHL's production API host. */
export const DHL_PRODUCTION_BASE_URL = 'https://api-eu.dhl.com';
/** The sandbox's business customer portal user. */
export const DHL_SANDBOX_USERNAME = 'user-valid';
/** Its password (published by DHL, not a secret). */
export const DHL_SANDBOX_PASSWORD = 'SandboxPasswort2023!';
/** The sandbox's V01PAK billing number with services (EKP 3333333333, procedure 01, participation 02). */
export const DHL_SANDBOX_BILLING_NUMBER = '33333333330102';
/** The sandbox's EKP: every sandbox billing number starts with it. */
export const DHL_SANDBOX_EKP = '3333333333';

/**
 * A billing number for DHL Paket (V01PAK): EKP (10 digits) + procedure 01 + participation (2
 * characters, in rare cases letters) = 14 characters (`Shipment.billingNumber`: "Digit 11 and digit
 * 12 must correspondent to the number of the product, e.g. 333333333301tt can only be used for the
 * product V01PAK"). Anchored, unlike the document's pattern `\w{10}\d{2}\w{2}`.
 */
export const V01PAK_BILLING_NUMBER = /^\d{10}01[0-9A-Za-z]{2}$/;

/** The German explanation of `V01PAK_BILLING_NUMBER` (configuration and order errors). */
export const V01PAK_BILLING_NUMBER_MESSAGE = 'muss 14 Zeichen haben: EKP (10 Ziffern), Verfahren 01 (DHL Paket) und Teilnahme (2 Zeichen)';
