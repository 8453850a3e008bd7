import { expect, test } from '../fixtures';
import { registerViaApi, uniqueEmail } from '../support';

/** The list search's debounce (contracts' SEARCH_DEBOUNCE_MS). */
const SEARCH_DEBOUNCE_MS = 400;

test('keyboard shortcuts: c starts a new record on list pages, / and Ctrl-K jump to search, and typing is never hijacked', async ({ page }) => {
  await registerViaApi(page.request, { name: 'Kim Keys', email: uniqueEmail('keys') });
  await page.goto('/stores');
  await expect(page.getByRole('heading', { name: 'Stores', exact: true })).toBeVisible();
  // Typing a "c" in the list's search box searches; it does not create.
  await page.getByLabel('Search stores').fill('cafe');
  await page.getByLabel('Search stores').blur();
  // Pressed inside the search's debounce: leaving the list drops the pending search, which used to
  // navigate back to the list. Nothing signals "no navigation happened", so the test outwaits the debounce.
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/stores\/create$/);
  await page.waitForTimeout(SEARCH_DEBOUNCE_MS + 200);
  await expect(page).toHaveURL(/\/stores\/create$/);

  await page.goto('/brands');
  await expect(page.getByRole('heading', { name: 'Brands', exact: true })).toBeVisible();
  await page.keyboard.press('c');
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'New brand' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/leases');
  await expect(page.getByRole('heading', { name: 'Leases', exact: true })).toBeVisible();
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/leases\/create$/);

  await page.goto('/dashboard');
  await expect(page.locator('#global-search')).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.locator('#global-search')).toBeFocused();
  await page.locator('#global-search').blur();
  await page.keyboard.press('Control+k');
  await expect(page.locator('#global-search')).toBeFocused();
});
