import { test, expect } from './fixtures';
import { linkFromMail } from './mail';

test('newsletter in the footer: spec texts, double opt-in through the e-mail link, unsubscribe without login @phone', async ({
  shopperPage: page,
}, info) => {
  await page.goto('/');
  await page.getByTestId('slot-newsletter').scrollIntoViewIfNeeded();
  const signup = page.getByRole('region', { name: 'Newsletter' });
  await signup.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(page.getByTestId('toast')).toContainText('E-Mail erforderlich');
  await expect(signup.getByText('Bitte geben Sie eine E-Mail-Adresse ein.')).toBeVisible();
  await signup.getByLabel('Ihre E-Mail für den Newsletter').fill('erika@');
  await signup.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(page.getByTestId('toast')).toContainText('Ungültige E-Mail');
  await expect(signup.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
  await expect(signup.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');

  const email = `newsletter.${info.project.name}.${Date.now()}@example.de`;
  await signup.getByLabel('Ihre E-Mail für den Newsletter').fill(email);
  await signup.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(page.getByTestId('toast')).toContainText('Erfolgreich angemeldet!');
  await expect(signup.getByRole('status')).toContainText('Bitte bestätigen Sie Ihre Anmeldung');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  await page.goto(await linkFromMail(email, /Newsletter-Anmeldung bei/));
  await expect(page.getByText('Vielen Dank! Ihre Anmeldung zum Newsletter ist bestätigt.')).toBeVisible();
  await page.reload(); // the same link again (issue #25): it says the address is already confirmed
  await expect(page.getByText('Ihre Anmeldung zum Newsletter ist bereits bestätigt. Sie müssen nichts weiter tun.')).toBeVisible();

  await page.goto(await linkFromMail(email, /ist bestätigt/));
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter abbestellen' })).toBeVisible();
  await page.getByRole('button', { name: 'Newsletter abbestellen' }).click();
  await expect(page.getByText('Sie haben den Newsletter abbestellt.')).toBeVisible();
});

test('a page’s first load does not fetch the newsletter sign-up; it loads when the footer comes near', async ({ shopperPage: page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/'); // a catalog page: nothing of the content remote belongs to its first load
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested.filter((url) => url.includes('/remotes/content/'))).toEqual([]);
  await page.getByTestId('slot-newsletter').scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Newsletter' })).toBeVisible();
});
