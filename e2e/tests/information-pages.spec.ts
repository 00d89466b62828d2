import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';

const LEGAL_LINKS = [
  ['Versand', 'Versand und Zahlung'],
  ['Rückgabe', 'Rückgabe und Rücknahme alter Geräte'],
  ['Impressum', 'Impressum'],
  ['Datenschutz', 'Datenschutzerklärung'],
  ['AGB', 'Allgemeine Geschäftsbedingungen'],
  ['Jugendschutz', 'Jugendschutz'],
  ['Widerrufsbelehrung', 'Widerrufsbelehrung'],
  ['Batterie-Hinweise', 'Hinweise zu Batterien'],
  ['Barrierefreiheit', 'Erklärung zur Barrierefreiheit'],
  ['Über uns', 'Über uns'],
] as const;

test('every information page in the footer answers with its text, version and, in development, the marked gaps @phone', async ({
  shopperPage: page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  for (const [link, heading] of LEGAL_LINKS) {
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page.locator('.content-legal')).not.toBeEmpty();
    await expect(page.getByText(/^Stand: \d{2}\.\d{2}\.\d{4}( \(\d+\. Fassung\))?$/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), link).toBe(0);
  }
  // The shop under test runs without operator details: the imprint says so and marks each gap.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum', exact: true }).click();
  await expect(page.getByRole('note').filter({ hasText: 'Es fehlen Angaben des Shopbetreibers' })).toBeVisible();
  await expect(page.locator('.content-legal mark').first()).toContainText('OPERATOR_');
});

test('the withdrawal text has the model form and leads to the withdrawal function; axe finds nothing on legal pages', async ({
  shopperPage: page,
}) => {
  await page.goto('/widerrufsbelehrung');
  await expect(page.getByRole('heading', { level: 2, name: 'Muster-Widerrufsformular' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations).toEqual([]);
  await page.locator('.content-legal').getByRole('link', { name: 'Vertrag widerrufen' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toBeVisible();
  await page.goto('/versand');
  await expect(page.locator('.content-legal table')).toContainText('4,99');
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations).toEqual([]);
});
