import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '../fixtures';
import { logIn } from '../support';

/**
 * The pictures on the marketing home are the product itself: this spec photographs the demo portfolio
 * (dashboard, the leases by expiration, the phone inbox) into e2e/artifacts/screenshots/marketing/,
 * and `npm run screenshots:marketing` copies them to apps/web/public/screenshots/ to be committed. It only
 * reads the shared demo account.
 */
const folder = path.resolve(import.meta.dirname, '../artifacts/screenshots/marketing');

async function shoot(page: Page, name: string) {
  fs.mkdirSync(folder, { recursive: true });
  // No progress bar, caret or hover left in the picture.
  await page.mouse.move(0, 0);
  // Nor the request progress bar, a thin line along the top (hidden through the DOM: the CSP allows no injected style).
  await page
    .locator('div.z-\\[60\\]')
    .evaluateAll((bars) => bars.forEach((bar) => ((bar as HTMLElement).style.visibility = 'hidden')));
  await page.screenshot({
    path: path.join(folder, `${name}.jpg`),
    type: 'jpeg',
    quality: 78,
    caret: 'hide',
  });
}

test('the marketing screenshots show the demo portfolio: its dashboard, the leases and the phone inbox', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, 'demo@storekeep.test', 'storekeep-demo');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Upcoming critical dates' })).toBeVisible();
  await expect(page.getByTestId('critical-dates').getByRole('link').first()).toBeVisible();
  // The demo is a finished portfolio: no getting-started checklist in the picture.
  await expect(page.getByRole('list', { name: 'Getting started' })).toHaveCount(0);
  await shoot(page, 'dashboard');

  await page.goto('/leases?sort=expiration_date&filters[status]=active');
  await expect(page.getByRole('row').nth(10)).toBeVisible();
  await shoot(page, 'leases');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/reminders');
  await expect(page.getByTestId('reminder-row').first()).toBeVisible();
  await shoot(page, 'reminders-phone');

  for (const name of ['dashboard', 'leases', 'reminders-phone'])
    expect(fs.statSync(path.join(folder, `${name}.jpg`)).size).toBeGreaterThan(10_000);
});
