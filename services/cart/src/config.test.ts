import { ConfigError, loadConfig } from '@shop/service-kit';
import { CartEnv } from './config';

/** Production configuration of the cart service (the age check provider is named explicitly). */
const production = {
  NODE_ENV: 'production',
  MONGODB_URI: 'mongodb://db:27017',
  COOKIE_SECRET: 'c'.repeat(40),
  BANK_ACCOUNT_HOLDER: 'Shop GmbH',
  BANK_IBAN: 'DE02120300000000202051',
  BANK_BIC: 'BYLADEM1001',
  BANK_NAME: 'Bank',
};

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
