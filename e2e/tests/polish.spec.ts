import { expect, test, type Page } from '../fixtures';
import { apiCall, registerViaApi, uniqueEmail } from '../support';

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function showErrorToast(page: Page) {
  await page.route('**/app/api/v1/companies?*', (route) =>
    route.fulfill({ status: 500, json: { message: 'Server Error' } }),
  );
  await page.goto('/companies');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Server Error' });
  await expect(toast).toBeVisible();
  return toast;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a toast never covers the search box or the bell at ${viewport.width}×${viewport.height}`, async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/status of 500/);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request, { name: 'Tess Toast', email: uniqueEmail('toast') });
    const toast = await showErrorToast(page);
    const toastBox = await toast.boundingBox();
    const searchBox = await page.getByRole('search').boundingBox();
    // The sidebar also links to Notifications; the top bar's bell comes after it.
    const bellBox = await page
      .getByRole('link', { name: /notifications/i })
      .last()
      .boundingBox();
    expect(toastBox && searchBox && bellBox).toBeTruthy();
    expect(overlaps(toastBox!, searchBox!), 'toast over the search box').toBe(false);
    expect(overlaps(toastBox!, bellBox!), 'toast over the bell').toBe(false);
  });
}

test('on a phone a store’s tabs show that more tabs lie to the side, and a deep link shows its tab', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaApi(page.request, { name: 'Tia Tabs', email: uniqueEmail('tabs') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Riverside', status: 'open' });

  await page.goto(`/stores/${store.id}`);
  const tabs = page.getByRole('navigation', { name: 'Record sections' });
  const hint = tabs.locator('[data-more-end]');
  await expect(hint).toBeVisible();
  await expect(tabs.locator('[data-more-start]')).toHaveCount(0);
  const activity = tabs.getByRole('link', { name: 'Activity' });
  await expect(activity).not.toBeInViewport({ ratio: 1 });

  // Scrolled to its end, the row hints the other way.
  await activity.scrollIntoViewIfNeeded();
  await expect(tabs.locator('[data-more-start]')).toBeVisible();
  await expect(tabs.locator('[data-more-end]')).toHaveCount(0);

  // Opened straight on the last tab, that tab is in view.
  await page.goto(`/stores/${store.id}/activity`);
  await expect(
    page.getByRole('navigation', { name: 'Record sections' }).getByRole('link', { name: 'Activity' }),
  ).toBeInViewport({
    ratio: 1,
  });
  await page.screenshot({ path: 'e2e/artifacts/screenshots/store-tabs-phone.png' });
});
