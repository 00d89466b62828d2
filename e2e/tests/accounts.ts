import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { linkFromMail } from './mail';

export { linkFromMail };

/** The password of every customer the journeys register (strong by spec §5). */
export const CUSTOMER_PASSWORD = 'Sonnige Tage am Rhein 7!';

/** WCAG 2.1 AA violations on the page as it is now. */
export const axe = (page: Page) => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();

/** Registers `email` through the API and confirms it through the e-mail link in the browser (not logged in afterwards). */
export async function registerVerified(page: Page, email: string, firstName = 'Erika'): Promise<void> {
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: CUSTOMER_PASSWORD, firstName, lastName: 'Mustermann' },
  });
  expect(registered.status()).toBe(202);
  await page.goto(await linkFromMail(email, /bestätigen/));
  await expect(page.getByText('Ihre E-Mail-Adresse ist bestätigt')).toBeVisible();
}

/**
 * Logs in on the login page the browser is on (a protected page's redirect: wait for its URL
 * first), or on /anmelden, and waits for the success toast.
 */
export async function logInOnPage(page: Page, email: string, password = CUSTOMER_PASSWORD): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/anmelden')) await page.goto('/anmelden');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Erfolgreich angemeldet' })).toBeVisible();
}

/** Logs in as the admin account that `npm test` creates with create-admin (the test is skipped without it). */
export async function logInAsAdmin(page: Page): Promise<void> {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  test.skip(!email || !password, 'needs the admin account that `npm test` creates with create-admin');
  await logInOnPage(page, email!, password!);
}

/** Logs in as the manager account that `npm test` creates with create-admin (the test is skipped without it). */
export async function logInAsManager(page: Page): Promise<void> {
  const email = process.env.E2E_MANAGER_EMAIL;
  const password = process.env.E2E_MANAGER_PASSWORD;
  test.skip(!email || !password, 'needs the manager account that `npm test` creates with create-admin');
  await logInOnPage(page, email!, password!);
}
