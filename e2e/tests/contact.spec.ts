import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';

test('contact: errors at the fields, then a confirmation with the reference @phone', async ({ shopperPage: page }) => {
  await page.goto('/kontakt');
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible();
  await expect(page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeVisible();
  await expect(page.getByText('Bitte schreiben Sie uns Ihr Anliegen (mindestens 10 Zeichen).')).toBeVisible();
  await expect(page.getByLabel('Name')).toBeFocused();

  await page.getByLabel('Name').fill('Erika Mustermann');
  await page.getByLabel('E-Mail-Adresse').fill('erika.kontakt@example.de');
  await page.getByLabel('Bestellnummer (optional)').fill('42');
  await page.getByLabel('Thema').selectOption('Rücknahme alter Geräte');
  await page.getByLabel('Ihre Nachricht').fill('Wie schicke ich drei leere Geräte zurück?');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText(/Bitte geben Sie Ihre Bestellnummer wie in der Bestellbestätigung ein/)).toBeVisible();
  await page.getByLabel('Bestellnummer (optional)').fill('');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Vielen Dank für Ihre Nachricht!' })).toBeVisible();
  await expect(page.getByTestId('contact-reference')).toHaveText(/^K-[0-9A-F]{8}$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});
