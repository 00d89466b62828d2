import { test, expect } from './fixtures';
import { linkFromMail } from './mail';

test('newsletter in the footer: spec texts, double opt-in through the e-mail link, unsubscribe without login @phone', async ({
  shopperPage: page,
}, info) => {
  await page.goto('/');
  await page.getByTestId('slot-newsletter').scrollIntoViewIfNeeded();
  // Once its module has loaded the sign-up runs in the page (before that it is the server's form).
  await expect(page.getByTestId('slot-newsletter')).toHaveAttribute('data-hydrated', '');
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
  await page.reload(); // the same link again: it says the address is already confirmed
  await expect(page.getByText('Ihre Anmeldung zum Newsletter ist bereits bestätigt. Sie müssen nichts weiter tun.')).toBeVisible();

  await page.goto(await linkFromMail(email, /ist bestätigt/));
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter abbestellen' })).toBeVisible();
  await page.getByRole('button', { name: 'Newsletter abbestellen' }).click();
  await expect(page.getByText('Sie haben den Newsletter abbestellt.')).toBeVisible();
});

test('the sign-up is in the first HTML, but a page’s first load fetches no script of it; that loads when the footer comes near', async ({
  shopperPage: page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/'); // a catalog page: no script of the content remote belongs to its first load
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const content = () => requested.filter((url) => new URL(url).pathname.startsWith('/remotes/content/'));
  // Only its stylesheet: the server-rendered form is styled from the first paint.
  expect(content().every((url) => url.endsWith('.css'))).toBe(true);
  const signup = page.getByRole('region', { name: 'Newsletter' });
  await expect(signup.getByRole('button', { name: 'Abonnieren' })).toBeAttached();
  await expect(page.getByTestId('slot-newsletter')).not.toHaveAttribute('data-hydrated');
  await page.getByTestId('slot-newsletter').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('slot-newsletter')).toHaveAttribute('data-hydrated', '');
  expect(content().some((url) => url.endsWith('remoteEntry.js'))).toBe(true);
  await expect(signup).toBeVisible();
});

test('a sign-up sent before its script has loaded is answered by the server, once', async ({ shopperPage: page }, info) => {
  // The sign-up's script never arrives (a slow or failed load): the server's form stays in place.
  await page.route(/\/remotes\/content\/.*\.js$/, (route) => route.abort());
  await page.goto('/kategorien');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const signup = page.getByRole('region', { name: 'Newsletter' });
  const email = `newsletter-frueh.${info.project.name}.${Date.now()}@example.de`;
  await signup.getByLabel('Ihre E-Mail für den Newsletter').fill(email);
  await Promise.all([page.waitForNavigation(), signup.getByRole('button', { name: 'Abonnieren' }).click()]);
  await expect(page).toHaveURL(/\/kategorien$/);
  await expect(page.getByTestId('flash-notice')).toContainText('Erfolgreich angemeldet!');
  await expect(page.getByTestId('slot-newsletter')).not.toHaveAttribute('data-hydrated');
  expect(await linkFromMail(email, /Newsletter-Anmeldung bei/)).toMatch(/^\/newsletter\/bestaetigen\?token=/);
});

test('what a shopper types into the server’s form while the sign-up’s script loads stays, with the focus, and is sent in the page @phone', async ({
  shopperPage: page,
}, info) => {
  // The sign-up's script is held back until the shopper has typed part of the address.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/remotes\/content\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/kategorien');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const box = page.getByTestId('slot-newsletter');
  await box.scrollIntoViewIfNeeded();
  const field = page.getByRole('region', { name: 'Newsletter' }).getByLabel('Ihre E-Mail für den Newsletter');
  const email = `newsletter-tippen.${info.project.name}.${Date.now()}@example.de`;
  await field.pressSequentially(email.slice(0, 12));
  release();
  await expect(box).toHaveAttribute('data-hydrated', '');
  await expect(field).toHaveValue(email.slice(0, 12));
  await expect(field).toBeFocused();
  await page.keyboard.type(email.slice(12));
  const url = page.url();
  await page.getByRole('region', { name: 'Newsletter' }).getByRole('button', { name: 'Abonnieren' }).click();
  await expect(page.getByRole('region', { name: 'Newsletter' }).getByRole('status')).toContainText('Bitte bestätigen Sie');
  expect(page.url()).toBe(url); // answered in the page, no form post
  expect(await linkFromMail(email, /Newsletter-Anmeldung bei/)).toMatch(/^\/newsletter\/bestaetigen\?token=/);
});
