import { test, expect } from './fixtures';
import { axe, logInOnPage, registerVerified } from './accounts';

test('wishlist: logged out the heart asks for a login; logged in a card heart fills the list @phone', async ({
  shopperPage: page,
}, info) => {
  await page.goto('/kategorien/randm-tornado-9000');
  const card = page.getByTestId('product-card').first();
  const name = (await card.getByRole('heading').innerText()).trim();
  await card.getByTestId('wishlist-heart').click();
  await expect(page.getByTestId('toast')).toContainText('Anmeldung erforderlich');
  await expect(page.getByTestId('toast')).toContainText('Bitte melden Sie sich an, um Produkte zur Wunschliste hinzuzufügen.');

  const email = `wunsch.${info.project.name}.${Date.now()}@example.de`;
  await registerVerified(page, email);
  await page.goto('/wunschliste');
  await expect(page).toHaveURL(/\/anmelden\?weiter=%2Fwunschliste$/);
  await logInOnPage(page, email);
  await expect(page.getByText('Ihre Wunschliste ist leer.')).toBeVisible();

  await page.goto('/kategorien/randm-tornado-9000');
  const heart = page.getByTestId('product-card').filter({ hasText: name }).getByTestId('wishlist-heart');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Zur Wunschliste hinzugefügt' })).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // The product page shows the same state.
  await page.getByTestId('product-card').filter({ hasText: name }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: `${name} auf die Wunschliste` }).first()).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/wunschliste');
  const item = page.getByTestId('wishlist-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(name);
  await expect(item).toContainText('Auf Lager');
  expect((await axe(page)).violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await item.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await page.getByRole('button', { name: 'Warenkorb schließen' }).click(); // the side cart opened with the added line
  await item.getByRole('button', { name: `${name} von der Wunschliste entfernen` }).click();
  await expect(page.getByText('Ihre Wunschliste ist leer.')).toBeVisible();
  await page.request.delete('/api/cart');
});
