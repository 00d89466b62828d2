import type { z } from 'zod';
import { z as zod } from 'zod';
import { cookieEnvShape, developmentSecret, mailEnvShape, serviceEnvSchema, serviceUrlVar } from '@shop/service-kit';
import {
  DHL_SANDBOX_BASE_URL,
  DHL_SANDBOX_BILLING_NUMBER,
  DHL_SANDBOX_EKP,
  DHL_SANDBOX_PASSWORD,
  DHL_SANDBOX_USERNAME,
  V01PAK_BILLING_NUMBER,
  V01PAK_BILLING_NUMBER_MESSAGE,
} from './shipping/dhl/dhl-account';
import type { DhlTokenSettings } from './shipping/dhl/dhl-token';
import { DHL_SANDBOX_TRACKING_PASSWORD, DHL_SANDBOX_TRACKING_USERNAME } from './shipping/tracking/tracking-account';

const optional = <T extends zod.ZodType>(schema: T) => zod.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** An http(s) origin without path, query or fragment (DHL's API host: the client adds the paths). */
const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search && !url.hash;
  } catch {
    return false;
  }
};

/**
 * Environment of the cart service (the shared ones of `serviceEnvSchema`, plus its own). Each
 * variable's default and meaning are its `.describe()` text below, rendered into README.md
 * 'Configuration' (scripts/lib/config-tables.ts; a test keeps the two equal); the production
 * rules (required secrets, no sandbox values) are the refinement at the end.
 */
export const CartEnv = serviceEnvSchema('cart', 4102)
  .extend({
    ...mailEnvShape,
    CATALOG_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4101').describe(
      'The catalog service: prices every line and reserves the stock of an order.',
    ),
    CONTENT_SERVICE_URL: serviceUrlVar('http://127.0.0.1:4104').describe(
      "The content service: the legal texts and versions an order keeps, the seller's details and the storefront settings.",
    ),
    COOKIE_SECRET: optional(zod.string().min(32)).describe(
      "Signs the guest cart and order access cookies, at least 32 characters, not another service's. Required with `NODE_ENV=production`; unset in development: a random one created once in `./data/secrets/cart-cookie-secret`.",
    ),
    ...cookieEnvShape,
    NODE_ENV: zod
      .string()
      .optional()
      .describe(
        '`production` (the containers) makes `COOKIE_SECRET`, the `BANK_*` details, `AGE_VERIFICATION_PROVIDER` and (unless switched off) the DHL variables required, refuses sandbox values, specimen ID cards and `FAULT_INJECTION=on`.',
      ),
    BANK_ACCOUNT_HOLDER: optional(zod.string().min(2)).describe(
      "Holder of the shop's bank account for prepayment (Vorkasse), shown on the thank-you page and in the e-mail; DHL pays cash on delivery to it when the shipping settings name no DHL account reference. Required in production; unset in development: a marked demo value.",
    ),
    BANK_IBAN: optional(zod.string().regex(/^DE\d{2}\s?(\d{4}\s?){4}\d{2}$/, 'must be a German IBAN (DE + 20 digits)')).describe(
      "IBAN of that account (DE + 20 digits); the bank statement import takes this account's statements only. Required in production; unset in development: a marked demo value.",
    ),
    BANK_BIC: optional(zod.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC')).describe(
      'BIC of that account. Required in production; unset in development: a demo value.',
    ),
    BANK_NAME: optional(zod.string().min(2)).describe(
      'Name of the bank of that account. Required in production; unset in development: a marked demo value.',
    ),
    PAYMENT_DUE_DAYS: zod.coerce
      .number()
      .int()
      .min(1)
      .max(30)
      .default(7)
      .describe(
        'Days a buyer has to pay a prepayment order (1 to 30); an unpaid order is cancelled 3 days after that (stock released, buyer told by e-mail).',
      ),
    AGE_VERIFICATION_PROVIDER: optional(zod.enum(['id-card-mrz'])).describe(
      "The stage-1 age check at checkout; built in: `id-card-mrz` (services/cart/README.md 'Age verification'). Required in production; unset in development: `id-card-mrz`.",
    ),
    AGE_VERIFICATION_MRZ_RISK_ACCEPTED: zod
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true')
      .describe(
        '`true` lets production run with `id-card-mrz`, which checks only that typed ID card data is consistent (anyone can compute check digits); without it the service does not start in production with that provider.',
      ),
    ORDER_LIMIT_PER_EMAIL: zod.coerce
      .number()
      .int()
      .min(1)
      .default(5)
      .describe('Orders placed per e-mail address within 24 hours (then 429); test and benchmark stacks raise it.'),
    ORDER_LIMIT_PER_IP: zod.coerce.number().int().min(1).default(20).describe('Orders placed per client IP within 24 hours (then 429).'),
    PROMO_GUESS_LIMIT_PER_IP: zod.coerce
      .number()
      .int()
      .min(1)
      .default(100)
      .describe('Unknown promo codes per client IP within 10 minutes, the backstop behind 10 per cart (fixed); a valid code never counts.'),
    ORDER_PLACING_LEASE_MS: zod.coerce
      .number()
      .int()
      .min(1000)
      .max(300_000)
      .default(15_000)
      .describe(
        "How long (ms) a placement owns its pending order; a retry with the same Idempotency-Key after that finishes an order whose process stopped. It must outlast a placement's own steps (the catalog calls time out after 5 s).",
      ),
    FAULT_INJECTION: zod
      .enum(['on', 'off'])
      .default('off')
      .transform((value) => value === 'on')
      .describe(
        '`on` lets a request header `x-fault-point` stop the process at a step of order placement (the fault tests); refused with `NODE_ENV=production`.',
      ),
    IDENTITY_SECRET: optional(zod.string().min(32)).describe(
      "Verifies the gateway's `x-shop-identity` header (logged-in customers and their orders, staff), at least 32 characters, the same value in the gateway and every service. Required with `NODE_ENV=production`; unset in development: shared through `./data/secrets/`.",
    ),
    CHALLENGE_SECRET: optional(zod.string().min(32)).describe(
      'Signs the proof-of-work challenges past the per-IP limits, at least 32 characters. Unset: `COOKIE_SECRET` (keys are derived from it, never used as a cookie signature).',
    ),
    REVIEW_INVITATION_DELAY_HOURS: zod.coerce
      .number()
      .min(0)
      .max(24 * 60)
      .default(72)
      .describe('Hours between delivery and the review invitation e-mail (sent only while reviews are switched on; test stacks set 0).'),
    DHL_API: optional(zod.enum(['on', 'off'])).describe(
      "`off` switches label booking through DHL's API off; then production needs none of the DHL label variables. Unset: on (docker-compose.yml sets `off`).",
    ),
    DHL_API_BASE_URL: optional(
      zod.string().refine(isOrigin, 'muss der Host der DHL-API ohne Pfad sein, z. B. https://api-eu.dhl.com'),
    ).describe(
      "DHL's API host without path, for labels and tracking; production: https://api-eu.dhl.com (https only, the sandbox is refused there). Unset: the sandbox, https://api-sandbox.dhl.com.",
    ),
    DHL_API_KEY: optional(zod.string().min(1)).describe(
      "Key of the shop's app on developer.dhl.com (DHL publishes none for the sandbox). Unset: the DHL client is not configured (no labels, no tracking); required in production.",
    ),
    DHL_API_SECRET: optional(zod.string().min(1)).describe(
      'Secret of that app. Unset: the DHL client is not configured; required in production.',
    ),
    DHL_USERNAME: optional(zod.string().min(1)).describe(
      "The business customer portal (GKP) user the labels are booked as. Required in production (the sandbox user is refused there); unset in development: DHL's sandbox user `user-valid`.",
    ),
    DHL_PASSWORD: optional(zod.string().min(1)).describe(
      "That user's password. Required in production; unset in development: the sandbox user's published password.",
    ),
    DHL_BILLING_NUMBER: optional(zod.string().regex(V01PAK_BILLING_NUMBER, V01PAK_BILLING_NUMBER_MESSAGE)).describe(
      "Billing number of DHL Paket, 14 characters: EKP (10 digits), `01`, participation (2). Required in production (sandbox numbers refused there); unset in development: the sandbox's `33333333330102`.",
    ),
    DHL_TIMEOUT_MS: optional(zod.coerce.number().int().min(1000).max(120_000)).describe(
      'Time limit (ms, 1000 to 120000) of each call to DHL, labels and tracking. Unset: 15000.',
    ),
    DHL_TRACKING: optional(zod.enum(['on', 'off'])).describe(
      "`off` switches the delivery tracking job off (services/cart/README.md 'Delivery tracking'). Unset: as `DHL_API`. It uses `DHL_API_BASE_URL`, `DHL_API_KEY`, `DHL_API_SECRET` and `DHL_TIMEOUT_MS` too.",
    ),
    DHL_TRACKING_USERNAME: optional(zod.string().min(1)).describe(
      "The tracking user DHL gives the business customer (ask DHL whether it is the portal user or a separate one). Required in production while tracking is on (the sandbox user is refused there); unset in development: DHL's sandbox tracking user `zt12345`.",
    ),
    DHL_TRACKING_PASSWORD: optional(zod.string().min(1)).describe(
      "That tracking user's password. Required in production while tracking is on; unset in development: the sandbox's published one.",
    ),
    DHL_TRACKING_POLL_HOURS: zod.coerce
      .number()
      .int()
      .min(1)
      .max(24)
      .default(3)
      .describe("Hours (1 to 24): an order's parcel is asked about at most this often."),
    DHL_TRACKING_CALLS_PER_RUN: zod.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(10)
      .describe('Calls to DHL (20 parcels each) per run of the tracking job, which runs every 10 minutes.'),
    DHL_TRACKING_CALL_GAP_MS: zod.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(1000)
      .describe('Pause (ms) between two calls to DHL in one run of the tracking job.'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (env.FAULT_INJECTION) ctx.addIssue({ code: 'custom', path: ['FAULT_INJECTION'], message: 'ist in Produktion nicht erlaubt' });
    for (const name of [
      'COOKIE_SECRET',
      'BANK_ACCOUNT_HOLDER',
      'BANK_IBAN',
      'BANK_BIC',
      'BANK_NAME',
      'AGE_VERIFICATION_PROVIDER',
    ] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'ist in Produktion erforderlich' });
    }
    // Labels booked in production must be real ones on the operator's contract: no sandbox host, user or EKP.
    if (env.DHL_API !== 'off') {
      for (const name of [
        'DHL_API_BASE_URL',
        'DHL_API_KEY',
        'DHL_API_SECRET',
        'DHL_USERNAME',
        'DHL_PASSWORD',
        'DHL_BILLING_NUMBER',
      ] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'ist in Produktion erforderlich (oder DHL_API=off)' });
      }
      if (env.DHL_USERNAME === DHL_SANDBOX_USERNAME) {
        ctx.addIssue({ code: 'custom', path: ['DHL_USERNAME'], message: 'der Sandbox-Benutzer von DHL ist in Produktion nicht erlaubt' });
      }
      if (env.DHL_BILLING_NUMBER?.startsWith(DHL_SANDBOX_EKP)) {
        ctx.addIssue({
          code: 'custom',
          path: ['DHL_BILLING_NUMBER'],
          message: 'die Sandbox-Abrechnungsnummer ist in Produktion nicht erlaubt',
        });
      }
    }
    // Delivery tracking polls DHL with the same app: it needs the host, key and secret even while labels are off.
    const trackingOn = trackingSwitch(env) === 'on';
    if (trackingOn && env.DHL_API === 'off') {
      for (const name of ['DHL_API_BASE_URL', 'DHL_API_KEY', 'DHL_API_SECRET'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'ist in Produktion erforderlich (oder DHL_TRACKING=off)' });
      }
    }
    if (trackingOn) {
      for (const name of ['DHL_TRACKING_USERNAME', 'DHL_TRACKING_PASSWORD'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'ist in Produktion erforderlich (oder DHL_TRACKING=off)' });
      }
      if (env.DHL_TRACKING_USERNAME === DHL_SANDBOX_TRACKING_USERNAME) {
        ctx.addIssue({
          code: 'custom',
          path: ['DHL_TRACKING_USERNAME'],
          message: 'der Sandbox-Benutzer der DHL-Sendungsverfolgung ist in Produktion nicht erlaubt',
        });
      }
    }
    if (env.DHL_API !== 'off' || trackingOn) {
      // The token call carries the app secret and the portal password, a tracking request the tracking password: never in clear.
      if (env.DHL_API_BASE_URL && new URL(env.DHL_API_BASE_URL).protocol !== 'https:') {
        ctx.addIssue({ code: 'custom', path: ['DHL_API_BASE_URL'], message: 'muss in Produktion https sein' });
      }
      if (env.DHL_API_BASE_URL && new URL(env.DHL_API_BASE_URL).hostname === new URL(DHL_SANDBOX_BASE_URL).hostname) {
        ctx.addIssue({ code: 'custom', path: ['DHL_API_BASE_URL'], message: 'die DHL-Sandbox ist in Produktion nicht erlaubt' });
      }
    }
    // The MRZ check proves only that typed data is consistent: production needs the
    // operator's explicit acknowledgement to run with it (services/cart/README.md 'Age verification').
    if (env.AGE_VERIFICATION_PROVIDER === 'id-card-mrz' && !env.AGE_VERIFICATION_MRZ_RISK_ACCEPTED) {
      ctx.addIssue({
        code: 'custom',
        path: ['AGE_VERIFICATION_MRZ_RISK_ACCEPTED'],
        message:
          "'id-card-mrz' prüft nur, ob eingegebene Ausweisdaten in sich stimmig sind, nicht wer sie eingibt. In Produktion nur mit AGE_VERIFICATION_MRZ_RISK_ACCEPTED=true (siehe services/cart/README.md 'Age verification'); besser ein geprüfter Anbieter.",
      });
    }
  })
  .transform((env) => ({
    ...env,
    AGE_VERIFICATION_PROVIDER: env.AGE_VERIFICATION_PROVIDER ?? ('id-card-mrz' as const),
    /** Official specimen ID cards pass only in development (demo orders, tests). */
    allowSpecimenIdCards: env.NODE_ENV !== 'production',
    COOKIE_SECRET: env.COOKIE_SECRET ?? developmentSecret('cart-cookie-secret'),
    // ChallengeGate derives its keys from it with HKDF (challengeKeys), never as a cookie signature would be, so sharing the cookie secret reveals neither.
    CHALLENGE_SECRET: env.CHALLENGE_SECRET ?? env.COOKIE_SECRET ?? developmentSecret('cart-cookie-secret'),
    // Development only (production requires the real values): marked so nobody mistakes them for a real account.
    bankDetails: {
      accountHolder: env.BANK_ACCOUNT_HOLDER ?? 'Demo-Konto (keine echte Bankverbindung)',
      iban: (env.BANK_IBAN ?? 'DE02 1203 0000 0000 2020 51').replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 '),
      bic: env.BANK_BIC ?? 'BYLADEM1001',
      bankName: env.BANK_NAME ?? 'Demo-Bank',
    },
    dhl: dhlSettings(env),
    dhlTracking: dhlTrackingSettings(env),
  }));
export type CartConfig = z.output<typeof CartEnv>;

/**
 * The DHL client's settings (src/shipping/dhl/dhl-client.ts `dhlClientFor`), or why there are
 * none: DHL_API=off, or no API key and secret (development; production requires them).
 */
function dhlSettings(env: {
  DHL_API?: 'on' | 'off';
  DHL_API_BASE_URL?: string;
  DHL_API_KEY?: string;
  DHL_API_SECRET?: string;
  DHL_USERNAME?: string;
  DHL_PASSWORD?: string;
  DHL_BILLING_NUMBER?: string;
  DHL_TIMEOUT_MS?: number;
}):
  | { configured: false; reason: string }
  | {
      configured: true;
      baseUrl: string;
      apiKey: string;
      apiSecret: string;
      username: string;
      password: string;
      billingNumber: string;
      timeoutMs: number;
    } {
  if (env.DHL_API === 'off') return { configured: false, reason: 'DHL_API=off (Labels über die DHL-API ausgeschaltet)' };
  const app = dhlApp(env);
  if (!app.configured) return app;
  return {
    ...app,
    username: env.DHL_USERNAME ?? DHL_SANDBOX_USERNAME,
    password: env.DHL_PASSWORD ?? DHL_SANDBOX_PASSWORD,
    billingNumber: env.DHL_BILLING_NUMBER ?? DHL_SANDBOX_BILLING_NUMBER,
  };
}

/**
 * What labels and tracking share: DHL's host, the shop's app (key and secret) and the time limit
 * of a call; or why there is none (no key and secret).
 */
function dhlApp(env: {
  DHL_API_BASE_URL?: string;
  DHL_API_KEY?: string;
  DHL_API_SECRET?: string;
  DHL_TIMEOUT_MS?: number;
}): { configured: false; reason: string } | { configured: true; baseUrl: string; apiKey: string; apiSecret: string; timeoutMs: number } {
  if (!env.DHL_API_KEY || !env.DHL_API_SECRET) {
    return {
      configured: false,
      reason: 'DHL_API_KEY und DHL_API_SECRET fehlen (Schlüssel und Secret der eigenen App auf developer.dhl.com)',
    };
  }
  return {
    configured: true,
    baseUrl: env.DHL_API_BASE_URL ?? DHL_SANDBOX_BASE_URL,
    apiKey: env.DHL_API_KEY,
    apiSecret: env.DHL_API_SECRET,
    timeoutMs: env.DHL_TIMEOUT_MS ?? 15_000,
  };
}

/** Whether delivery tracking is switched on: DHL_TRACKING, else as DHL_API (default on). */
function trackingSwitch(env: { DHL_API?: 'on' | 'off'; DHL_TRACKING?: 'on' | 'off' }): 'on' | 'off' {
  return env.DHL_TRACKING ?? env.DHL_API ?? 'on';
}

/**
 * The delivery tracking job's settings (src/shipping/tracking/), or why there are none: switched
 * off (DHL_TRACKING, or DHL_API when DHL_TRACKING is unset), or no API key and secret.
 */
function dhlTrackingSettings(env: {
  DHL_API?: 'on' | 'off';
  DHL_TRACKING?: 'on' | 'off';
  DHL_API_BASE_URL?: string;
  DHL_API_KEY?: string;
  DHL_API_SECRET?: string;
  DHL_TRACKING_USERNAME?: string;
  DHL_TRACKING_PASSWORD?: string;
  DHL_TIMEOUT_MS?: number;
  DHL_TRACKING_POLL_HOURS: number;
  DHL_TRACKING_CALLS_PER_RUN: number;
  DHL_TRACKING_CALL_GAP_MS: number;
}): { configured: false; reason: string } | ({ configured: true } & DhlTrackingSettings) {
  if (trackingSwitch(env) === 'off')
    return {
      configured: false,
      reason: env.DHL_TRACKING === 'off' ? 'DHL_TRACKING=off' : 'DHL_API=off und DHL_TRACKING nicht eingeschaltet',
    };
  const app = dhlApp(env);
  if (!app.configured) return app;
  return {
    ...app,
    username: env.DHL_TRACKING_USERNAME ?? DHL_SANDBOX_TRACKING_USERNAME,
    password: env.DHL_TRACKING_PASSWORD ?? DHL_SANDBOX_TRACKING_PASSWORD,
    pollIntervalMs: env.DHL_TRACKING_POLL_HOURS * 3_600_000,
    callsPerRun: env.DHL_TRACKING_CALLS_PER_RUN,
    callGapMs: env.DHL_TRACKING_CALL_GAP_MS,
  };
}

/** What the delivery tracking job needs to ask DHL (config.dhlTracking when configured). */
export interface DhlTrackingSettings extends Pick<DhlTokenSettings, 'baseUrl' | 'apiKey' | 'apiSecret' | 'timeoutMs'> {
  /** The tracking user and password (`appname`, `password` in the request XML; the app's key and secret are the Basic auth). */
  username: string;
  password: string;
  /** An order's parcel is asked about at most once in this time (ms). */
  pollIntervalMs: number;
  /** Calls to DHL in one run of the job, at most. */
  callsPerRun: number;
  /** Pause between two calls in one run (ms). */
  callGapMs: number;
}
