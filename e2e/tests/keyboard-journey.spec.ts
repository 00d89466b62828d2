import type { Locator, Page } from '@playwright/test';
import { specimenIdCard } from '@shop/test-fixtures';
import { test, expect, hydrated } from './fixtures';
import { axe } from './accounts';

/**
 * A whole purchase with the keyboard alone (BFSG / WCAG 2.1 AA cover the purchase
 * path, legal-de.md §4.17): age gate, cookie banner, search, product, side cart, every checkout
 * step and the order button. Every focus stop must show a visible focus indicator and lie on the
 * screen; dialogs keep focus inside while open and let it go with Escape; axe finds nothing at
 * every step. Desktop and phone.
 */

/** What a focus stop looks like: whether it shows an indicator and lies (at least partly) on screen. */
interface FocusStop {
  description: string;
  indicator: boolean;
  onScreen: boolean;
}

/** The element that has focus now, described for a failure message, with its indicator and position. */
function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { description: 'body', indicator: false, onScreen: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const indicator = element.matches(':focus-visible') && (outline || style.boxShadow !== 'none');
    const box = element.getBoundingClientRect();
    const onScreen = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return { description: `<${element.tagName.toLowerCase()}> ${name}`, indicator, onScreen };
  });
}

/**
 * Presses Tab until `target` has focus (at most `max` times), checking every stop on the way:
 * a visible focus indicator, on screen. @throws when the target is not reached.
 */
async function tabTo(page: Page, target: Locator, max = 60, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let press = 0; press < max; press++) {
    const before = await page.evaluateHandle(() => document.activeElement);
    await page.keyboard.press(key);
    // A stop inside the same element (the day, month and year parts and the calendar button of a
    // date input) is drawn by the browser inside the control, where :focus-visible cannot see it.
    const moved = await page.evaluate((previous) => previous !== document.activeElement, before);
    await before.dispose();
    // Past the last element of a modal dialog (or before the dialog has taken focus) the browser
    // holds focus itself, on no element of the page: its way around, not a stop to judge.
    if (await page.evaluate(() => document.activeElement === document.body)) continue;
    const stop = await focusStop(page);
    if (moved) expect(stop.indicator, `no visible focus on ${stop.description}`).toBe(true);
    expect(stop.onScreen, `focus off screen on ${stop.description}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`not reached with ${max} presses of ${key}: ${target}`);
}

/** Tabs to a field, types into it as a keyboard does. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

async function noAxeViolations(page: Page, step: string): Promise<void> {
  const { violations } = await axe(page);
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    step,
  ).toEqual([]);
}

const yymmdd = (date: Date) => date.toISOString().slice(2, 10).replace(/-/g, '');
const expiry = yymmdd(new Date(Date.UTC(new Date().getUTCFullYear() + 5, 0, 1)));

test(
  'keyboard only: from the age gate to a placed order, focus always visible, no trap, axe clean at every step',
  { tag: '@phone' },
  async ({ page }) => {
    test.setTimeout(180_000);
    const email = `tastatur.${test.info().project.name}@example.de`;

    // Age gate (a modal dialog once hydrated): focus starts inside on 'Ich bin 18+', Tab and
    // Shift+Tab move between its buttons with a visible focus, Enter answers.
    await page.goto('/');
    await hydrated(page);
    const gate = page.getByRole('dialog', { name: /18/ });
    await expect(gate).toBeVisible();
    await noAxeViolations(page, 'age gate');
    const confirm = gate.getByRole('button', { name: 'Ich bin 18+' });
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(gate.getByRole('button', { name: 'Nein' })).toBeFocused();
    expect((await focusStop(page)).indicator, 'no visible focus on Nein').toBe(true);
    await page.keyboard.press('Shift+Tab');
    await expect(confirm).toBeFocused();
    expect((await focusStop(page)).indicator, 'no visible focus on Ich bin 18+').toBe(true);
    await page.keyboard.press('Enter');
    await expect(gate).toBeHidden();

    // Cookie banner: reachable by Tab, answered with Enter.
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await tabTo(page, banner.getByRole('button', { name: 'Verstanden' }), 20);
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
    await noAxeViolations(page, 'home');

    // Search from the header (the banner is the document's last stop: the next Tab starts at the top).
    await typeInto(page, page.getByRole('combobox', { name: 'Produkte suchen' }), 'Blueberry Ice');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/search=Blueberry/);
    const link = page.getByTestId('product-card').getByRole('link', { name: 'RandM Tornado 9000 Blueberry Ice' });
    await expect(link).toBeVisible();
    await noAxeViolations(page, 'search results');

    // Product page → add to cart → the side cart (a modal dialog).
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'RandM Tornado 9000 Blueberry Ice' })).toBeVisible();
    await noAxeViolations(page, 'product page');
    const add = page.getByRole('button', { name: /^In den Warenkorb – / });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const sideCart = page.getByRole('dialog', { name: 'Warenkorb' });
    await expect(sideCart).toBeVisible();
    await noAxeViolations(page, 'side cart');
    // Focus stays in the open dialog while tabbing (about two rounds through it): no element of
    // the page behind it is reached. After the dialog's last element a native modal dialog hands
    // focus to the browser's own controls (document.activeElement is the body then), and the next
    // Tab comes back into the dialog: that is the browser's way out, not a stop on the page.
    const stops: string[] = [];
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab');
      stops.push(
        await sideCart.evaluate((dialog) =>
          document.activeElement === document.body ? 'browser' : dialog.contains(document.activeElement) ? 'dialog' : 'page',
        ),
      );
    }
    expect(stops, 'focus reached the page behind the open side cart').not.toContain('page');
    expect(stops.join(' '), 'focus stayed in the browser controls').not.toContain('browser browser');
    expect(stops.filter((stop) => stop === 'dialog').length).toBeGreaterThanOrEqual(8);
    // ... and Escape lets it go: the dialog closes and focus is back on the page.
    await page.keyboard.press('Escape');
    await expect(sideCart).toBeHidden();
    // Focus goes back to the add button, or to the header's cart button when the add button was
    // busy (disabled) while the side cart opened; never to the start of the page (WCAG 2.4.3).
    const cartButton = page.getByTestId('slot-cart').getByRole('button').first();
    // The dialog is hidden first; focus moves back right after (its close effect): waited for, not read at once.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''), {
        message: 'focus after closing the side cart',
      })
      .toMatch(/^(Warenkorb, \d+ Artikel|In den Warenkorb – .+)$/);
    if (!(await cartButton.evaluate((element) => element === document.activeElement))) await tabTo(page, cartButton, 80, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(sideCart).toBeVisible();
    await tabTo(page, sideCart.getByRole('button', { name: 'Jetzt bestellen' }));
    await page.keyboard.press('Enter');

    // Checkout, step by step.
    await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
    const next = () => page.locator('[aria-current="step"]').getByRole('button', { name: 'Weiter' });
    await typeInto(page, page.getByLabel('E-Mail-Adresse'), email);
    await tabTo(page, next());
    await page.keyboard.press('Enter');

    const billing = page.getByRole('group', { name: 'Rechnungsadresse' });
    await typeInto(page, billing.getByLabel('Vorname'), 'Erika');
    await typeInto(page, billing.getByLabel('Nachname'), 'Mustermann');
    await typeInto(page, billing.getByLabel('Straße und Hausnummer'), 'Heidestraße 17');
    await typeInto(page, billing.getByLabel('PLZ'), '51147');
    await typeInto(page, billing.getByLabel('Ort'), 'Köln');
    await noAxeViolations(page, 'address step');
    await tabTo(page, next());
    await page.keyboard.press('Enter');

    await expect(page.locator('[aria-current="step"]')).toContainText('Altersprüfung');
    await typeInto(page, page.getByLabel('Geburtsdatum'), '01011990');
    await expect(page.getByLabel('Geburtsdatum')).toHaveValue('1990-01-01');
    for (const [index, line] of specimenIdCard({ birth: '900101', expiry }).entries())
      await typeInto(page, page.getByLabel(`Zeile ${index + 1}`), line);
    await expect(page.getByText('30 von 30 Zeichen · Prüfziffern stimmen.')).toHaveCount(2);
    await noAxeViolations(page, 'age step');
    await tabTo(page, next());
    await page.keyboard.press('Enter');
    await expect(page.getByText('✓ Alter mit Personalausweis bestätigt')).toBeVisible();

    for (const step of ['Versand', 'Zahlung']) {
      await expect(page.locator('[aria-current="step"]')).toContainText(step);
      await tabTo(page, next());
      await page.keyboard.press('Enter');
    }

    await expect(page.locator('[aria-current="step"]')).toContainText('Prüfen und bestellen');
    await noAxeViolations(page, 'review step');
    await tabTo(page, page.getByRole('checkbox', { name: /AGB gelesen und akzeptiere sie/ }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: /AGB gelesen und akzeptiere sie/ })).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' })).toBeVisible();
    await noAxeViolations(page, 'thank-you page');
  },
);
