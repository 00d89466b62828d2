import { ConfigError, loadConfig } from '@shop/service-kit';
import { CartEnv } from './config';
import { DhlNotConfiguredError } from './shipping/dhl/dhl-errors';
import { dhlClientFor } from './shipping/dhl/dhl-client';

/** Production configuration of the cart service (the age check provider is named explicitly). */
const production = {
  NODE_ENV: 'production',
  MONGODB_URI: 'mongodb://db:27017',
  COOKIE_SECRET: 'c'.repeat(40),
  BANK_ACCOUNT_HOLDER: 'Shop GmbH',
  BANK_IBAN: 'DE02120300000000202051',
  BANK_BIC: 'BYLADEM1001',
  BANK_NAME: 'Bank',
  DHL_API_BASE_URL: 'https://api-eu.dhl.com',
  DHL_API_KEY: 'app-key',
  DHL_API_SECRET: 'app-secret',
  DHL_USERNAME: 'shop-gkp-user',
  DHL_PASSWORD: 'gkp-password',
  DHL_BILLING_NUMBER: '62345678900102',
  DHL_TRACKING_USERNAME: 'shop-tracking-user',
  DHL_TRACKING_PASSWORD: 'tracking-password',
};
const runnable = { ...production, AGE_VERIFICATION_PROVIDER: 'id-card-mrz', AGE_VERIFICATION_MRZ_RISK_ACCEPTED: 'true' };
const development = { MONGODB_URI: 'mongodb://127.0.0.1:27017', COOKIE_SECRET: 'c'.repeat(40) };

const problem = (env: Record<string, string>) => {
  try {
    loadConfig(CartEnv, env);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
};

test('production names its age verification provider', () => {
  expect(problem(production)).toContain('AGE_VERIFICATION_PROVIDER: ist in Produktion erforderlich');
});

test('production refuses the MRZ provider without the documented acknowledgement, and runs with it', () => {
  expect(problem({ ...production, AGE_VERIFICATION_PROVIDER: 'id-card-mrz' })).toContain('AGE_VERIFICATION_MRZ_RISK_ACCEPTED');
  const config = loadConfig(CartEnv, {
    ...production,
    AGE_VERIFICATION_PROVIDER: 'id-card-mrz',
    AGE_VERIFICATION_MRZ_RISK_ACCEPTED: 'true',
  });
  expect(config.AGE_VERIFICATION_PROVIDER).toBe('id-card-mrz');
  expect(config.allowSpecimenIdCards).toBe(false);
});

test('development uses the MRZ check with specimen cards allowed', () => {
  const config = loadConfig(CartEnv, { MONGODB_URI: 'mongodb://127.0.0.1:27017', COOKIE_SECRET: 'c'.repeat(40) });
  expect(config.AGE_VERIFICATION_PROVIDER).toBe('id-card-mrz');
  expect(config.allowSpecimenIdCards).toBe(true);
});

test('production refuses to start without DHL credentials and billing number, unless DHL_API=off', () => {
  const withoutDhl: Record<string, string> = { ...runnable };
  for (const name of ['DHL_API_BASE_URL', 'DHL_API_KEY', 'DHL_API_SECRET', 'DHL_USERNAME', 'DHL_PASSWORD', 'DHL_BILLING_NUMBER']) {
    delete withoutDhl[name];
  }
  const message = problem(withoutDhl);
  for (const name of ['DHL_API_BASE_URL', 'DHL_API_KEY', 'DHL_API_SECRET', 'DHL_USERNAME', 'DHL_PASSWORD', 'DHL_BILLING_NUMBER']) {
    expect(message).toContain(`${name}: ist in Produktion erforderlich (oder DHL_API=off)`);
  }
  const off = loadConfig(CartEnv, { ...withoutDhl, DHL_API: 'off' });
  expect(off.dhl).toEqual({ configured: false, reason: expect.stringContaining('DHL_API=off') });
  expect(() => dhlClientFor(off.dhl)).toThrow(DhlNotConfiguredError);

  const on = loadConfig(CartEnv, runnable);
  expect(on.dhl).toEqual({
    configured: true,
    baseUrl: 'https://api-eu.dhl.com',
    apiKey: 'app-key',
    apiSecret: 'app-secret',
    username: 'shop-gkp-user',
    password: 'gkp-password',
    billingNumber: '62345678900102',
    timeoutMs: 15_000,
  });
});

test("production refuses DHL's sandbox host, sandbox user and sandbox billing number", () => {
  const message = problem({
    ...runnable,
    DHL_API_BASE_URL: 'https://api-sandbox.dhl.com',
    DHL_USERNAME: 'user-valid',
    DHL_BILLING_NUMBER: '33333333330102',
  });
  expect(message).toContain('DHL_API_BASE_URL: die DHL-Sandbox ist in Produktion nicht erlaubt');
  expect(message).toContain('DHL_USERNAME: der Sandbox-Benutzer von DHL ist in Produktion nicht erlaubt');
  expect(message).toContain('DHL_BILLING_NUMBER: die Sandbox-Abrechnungsnummer ist in Produktion nicht erlaubt');
  // The token call carries the app secret and the portal password.
  expect(problem({ ...runnable, DHL_API_BASE_URL: 'http://api-eu.dhl.com' })).toContain('DHL_API_BASE_URL: muss in Produktion https sein');
});

test("development talks to DHL's sandbox with its published user once an API key and secret are set, and says when it cannot", () => {
  const withoutKey = loadConfig(CartEnv, development);
  expect(withoutKey.dhl).toEqual({ configured: false, reason: expect.stringContaining('DHL_API_KEY und DHL_API_SECRET fehlen') });
  expect(() => dhlClientFor(withoutKey.dhl)).toThrow('DHL ist nicht eingerichtet: DHL_API_KEY und DHL_API_SECRET fehlen');

  const sandbox = loadConfig(CartEnv, { ...development, DHL_API_KEY: 'key', DHL_API_SECRET: 'secret', DHL_TIMEOUT_MS: '5000' });
  expect(sandbox.dhl).toEqual({
    configured: true,
    baseUrl: 'https://api-sandbox.dhl.com',
    apiKey: 'key',
    apiSecret: 'secret',
    username: 'user-valid',
    password: 'SandboxPasswort2023!',
    billingNumber: '33333333330102',
    timeoutMs: 5000,
  });
});

test('a DHL billing number must be a V01PAK one of 14 characters, and the API host has no path', () => {
  for (const billingNumber of ['3333333333010', '33333333335301', 'XX33333333330102YY']) {
    expect(problem({ ...development, DHL_BILLING_NUMBER: billingNumber })).toContain(
      'DHL_BILLING_NUMBER: muss 14 Zeichen haben: EKP (10 Ziffern), Verfahren 01 (DHL Paket) und Teilnahme (2 Zeichen)',
    );
  }
  expect(problem({ ...development, DHL_API_BASE_URL: 'https://api-sandbox.dhl.com/parcel/de/shipping/v2' })).toContain(
    'DHL_API_BASE_URL: muss der Host der DHL-API ohne Pfad sein',
  );
});

test('production refuses delivery tracking without its tracking user, and with the sandbox one, unless DHL_TRACKING=off', () => {
  const { DHL_TRACKING_USERNAME: _user, DHL_TRACKING_PASSWORD: _password, ...withoutTrackingUser } = runnable;
  const message = problem(withoutTrackingUser);
  expect(message).toContain('DHL_TRACKING_USERNAME: ist in Produktion erforderlich (oder DHL_TRACKING=off)');
  expect(message).toContain('DHL_TRACKING_PASSWORD: ist in Produktion erforderlich (oder DHL_TRACKING=off)');
  expect(problem({ ...runnable, DHL_TRACKING_USERNAME: 'zt12345' })).toContain(
    'DHL_TRACKING_USERNAME: der Sandbox-Benutzer der DHL-Sendungsverfolgung ist in Produktion nicht erlaubt',
  );
  expect(loadConfig(CartEnv, { ...withoutTrackingUser, DHL_TRACKING: 'off' }).dhlTracking).toEqual({
    configured: false,
    reason: 'DHL_TRACKING=off',
  });
  // Labels off: tracking follows unless switched on, and then needs DHL's host, key and secret too.
  const { DHL_API_BASE_URL: _host, DHL_API_KEY: _key, DHL_API_SECRET: _secret, ...withoutApp } = runnable;
  expect(loadConfig(CartEnv, { ...withoutApp, DHL_API: 'off' }).dhlTracking).toMatchObject({ configured: false });
  const trackingOnly = problem({ ...withoutApp, DHL_API: 'off', DHL_TRACKING: 'on' });
  for (const name of ['DHL_API_BASE_URL', 'DHL_API_KEY', 'DHL_API_SECRET'])
    expect(trackingOnly).toContain(`${name}: ist in Produktion erforderlich (oder DHL_TRACKING=off)`);
  expect(problem({ ...runnable, DHL_API: 'off', DHL_TRACKING: 'on', DHL_API_BASE_URL: 'https://api-sandbox.dhl.com' })).toContain(
    'DHL_API_BASE_URL: die DHL-Sandbox ist in Produktion nicht erlaubt',
  );

  expect(loadConfig(CartEnv, runnable).dhlTracking).toEqual({
    configured: true,
    baseUrl: 'https://api-eu.dhl.com',
    apiKey: 'app-key',
    apiSecret: 'app-secret',
    username: 'shop-tracking-user',
    password: 'tracking-password',
    timeoutMs: 15_000,
    pollIntervalMs: 3 * 3_600_000,
    callsPerRun: 10,
    callGapMs: 1000,
  });
});

test("development tracks with DHL's published sandbox tracking user once an API key and secret are set", () => {
  expect(loadConfig(CartEnv, development).dhlTracking).toEqual({
    configured: false,
    reason: expect.stringContaining('DHL_API_KEY und DHL_API_SECRET fehlen'),
  });
  expect(loadConfig(CartEnv, { ...development, DHL_API_KEY: 'key', DHL_API_SECRET: 'secret' }).dhlTracking).toMatchObject({
    configured: true,
    baseUrl: 'https://api-sandbox.dhl.com',
    username: 'zt12345',
    password: 'geheim',
  });
});
