import type { Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures';

/** The age flag as the server reads it: the cookie, and whether it ends with the browser session. */
async function ageFlag(page: Page): Promise<{ value: string; session: boolean } | null> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'shop_age_verified');
  return cookie ? { value: cookie.value, session: cookie.expires === -1 } : null;
}

/** Age gate, spec §4: session flag, 'Ich bin 18+', 'Nein' → denial, no other way out, crawlers skip it. */
test.describe('age gate', () => {
  test('is a labelled modal dialog that only "Ich bin 18+" closes', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Sind Sie mindestens 18 Jahre alt?' });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ich bin 18+' })).toBeFocused();

    // Escape does not dismiss it, and focus stays inside while tabbing.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      const insideDialog = await page.evaluate(
        () => Boolean(document.activeElement?.closest('dialog')) || document.activeElement === document.body,
      );
      expect(insideDialog).toBe(true);
    }
    // A native modal: the page behind it is blocked from interaction.
    expect(await page.evaluate(() => document.querySelector('dialog.shell-age-gate')?.matches(':modal'))).toBe(true);

    await page.getByRole('button', { name: 'Ich bin 18+' }).click();
    await expect(dialog).toBeHidden();
    expect(await ageFlag(page)).toEqual({ value: '1', session: true });

    // Same session: not shown again, also after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('age-gate')).toHaveCount(0);
  });

  test(
    "hydration takes the server's gate over in place: it never closes, its buttons stay the elements being tapped",
    { tag: '@phone' },
    async ({ page }) => {
      await page.addInitScript(() => {
        const probe = window as unknown as { firstButton: Element | null; frames: number; framesWithoutGate: number };
        probe.frames = 0;
        probe.framesWithoutGate = 0;
        document.addEventListener('DOMContentLoaded', () => {
          probe.firstButton = document.querySelector('dialog button[value="ja"]');
          // Every painted frame until the test reads it: is the gate's 'Ich bin 18+' on screen?
          const sample = () => {
            const button = document.querySelector('dialog button[value="ja"]');
            probe.frames += 1;
            if (!button?.checkVisibility()) probe.framesWithoutGate += 1;
            requestAnimationFrame(sample);
          };
          requestAnimationFrame(sample);
        });
      });
      await page.goto('/randm-tornado-vape-alle-produkte');
      await hydrated(page);
      await expect.poll(() => page.evaluate(() => document.querySelector('dialog.shell-age-gate')?.matches(':modal'))).toBe(true);
      const probe = await page.evaluate(() => {
        const seen = window as unknown as { firstButton: Element | null; frames: number; framesWithoutGate: number };
        return {
          same: seen.firstButton !== null && seen.firstButton === document.querySelector('dialog button[value="ja"]'),
          frames: seen.frames,
          framesWithoutGate: seen.framesWithoutGate,
        };
      });
      expect(probe.frames).toBeGreaterThan(0);
      expect(probe).toEqual({ same: true, frames: probe.frames, framesWithoutGate: 0 });
      await page.getByRole('button', { name: 'Ich bin 18+' }).click();
      await expect(page.getByTestId('age-gate')).toHaveCount(0);
    },
  );

  test('a new session asks again', async ({ browser }) => {
    const first = await browser.newContext({ userAgent: test.info().project.use.userAgent });
    const page = await first.newPage();
    await page.goto('/kontakt');
    await page.getByRole('button', { name: 'Ich bin 18+' }).click();
    await first.close();
    const second = await browser.newContext({ userAgent: test.info().project.use.userAgent });
    const again = await second.newPage();
    await again.goto('/kontakt');
    await expect(again.getByRole('dialog', { name: 'Sind Sie mindestens 18 Jahre alt?' })).toBeVisible();
    await second.close();
  });

  test('"Nein" shows the denial screen with "Website verlassen"', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Nein' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zugang nur ab 18 Jahren' });
    await expect(dialog).toBeVisible();
    const leave = dialog.getByRole('link', { name: 'Website verlassen' });
    await expect(leave).toHaveAttribute('href', 'https://www.google.de/');
    await expect(dialog.getByRole('button', { name: 'Ich bin 18+' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    expect(await ageFlag(page)).toBeNull();
  });

  test('crawlers skip it', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    const page = await context.newPage();
    await page.goto('/kategorien');
    await expect(page.getByRole('heading', { level: 1, name: 'Kategorien' })).toBeVisible();
    await expect(page.getByTestId('age-gate')).toHaveCount(0);
    await context.close();
  });
});
