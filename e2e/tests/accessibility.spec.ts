import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';

/** WCAG 2.1 AA checks of the frame (BFSG, legal-de.md §0.6) with axe-core. */
test('age gate and frame have no WCAG A/AA violations', async ({ page }) => {
  // axe analyses the whole home page (9 carousels of product cards) twice; slow on 2 cores.
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Sind Sie mindestens 18 Jahre alt?' })).toBeVisible();
  const gate = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(gate.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.getByRole('button', { name: 'Ich bin 18+' }).click();
  await expect(page.getByRole('region', { name: 'Cookies und Datenschutz' })).toBeVisible();
  const frame = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(frame.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
