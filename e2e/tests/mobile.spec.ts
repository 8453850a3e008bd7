import { expect, test } from '../fixtures';
import { registerViaApi, screenshot, uniqueEmail } from '../support';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('the marketing menu collapses behind a button on a phone', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await screenshot(page, 'home-mobile');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toBeVisible();
});

test('the app sidebar is a slide-over on a phone', async ({ page }) => {
  await page.goto('/login');
  // The login screen is a lazy route: wait for it, not just the page load, before the screenshot.
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await screenshot(page, 'login-mobile');
  await registerViaApi(page.request, { name: 'Mo Bile', email: uniqueEmail('mobile') });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await screenshot(page, 'dashboard-mobile');
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'Companies' })).toBeVisible();
  await dialog.getByRole('link', { name: 'Stores' }).click();
  await expect(page).toHaveURL(/\/stores$/);
  await page.goto('/account/team');
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
  await screenshot(page, 'team-mobile');
});

test('desktop screenshots of login and dashboard', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await screenshot(page, 'login-desktop');
  await registerViaApi(page.request, { name: 'Dana Desktop', email: uniqueEmail('desk') });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await screenshot(page, 'dashboard-desktop');
  await context.close();
});
