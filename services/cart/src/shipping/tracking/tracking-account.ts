/**
 * DHL's Parcel DE Shipment Tracking API (XML, `d-get-piece-detail`): where it is and the sandbox's
 * published tracking user (DHL's tracking collection `pp-parcel-tracking_onboarding_collection.json`
 * and karrio's notes, vendored here as `tracking-test.txt`; SOURCE.md). The API host is the one of
 * the shipping API (DHL_API_BASE_URL); the gateway's Basic auth is the app's key and secret.
 */

/** The path of the tracking resource below DHL's API host. */
export const DHL_TRACKING_PATH = '/parcel/de/tracking/v0/shipments';
/** The sandbox's tracking user (`appname` in the request XML); published by DHL, not a secret. */
export const DHL_SANDBOX_TRACKING_USERNAME = 'zt12345';
/** Its password (published by DHL, not a secret). */
export const DHL_SANDBOX_TRACKING_PASSWORD = 'geheim';
/** At most this many piece codes in one `d-get-piece-detail` request (DHL: "up to 20 tracking numbers"). */
export const DHL_TRACKING_MAX_PIECES = 20;
