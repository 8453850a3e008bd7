import { expect, test } from '../fixtures';
import { apiCall, gotoSettled, registerViaApi, seriousViolations, uniqueEmail } from '../support';

test('public pages have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/', '/login', '/register', '/password/reset']) {
    await gotoSettled(page, path);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('a hovered button keeps its label readable (contrast measured once the hover has faded in)', async ({
  page,
}) => {
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Log in' });
  await button.hover();
  await expect.poll(() => button.evaluate((element) => element.getAnimations().length)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
});

/**
 * The app's pages in three groups, each a test of its own (they run side by side): each signs up a team with a
 * lease, so the lease's tabs have something to show.
 */
const APP_PAGE_GROUPS: Record<string, Array<string | ((lease: number) => string)>> = {
  'records and lists': [
    '/dashboard',
    '/stores',
    '/stores/create',
    '/companies',
    '/brands',
    '/contacts',
    '/documents',
  ],
  'leases and money': [
    '/reminders',
    '/leases',
    '/agreements',
    '/sales',
    '/payables',
    '/lease-accounting',
    (lease) => `/leases/${lease}?tab=percentage-rent`,
    (lease) => `/leases/${lease}?tab=cam`,
  ],
  'import and account': [
    '/import',
    '/import/stores',
    '/account/profile',
    '/account/team',
    '/account/attributes',
  ],
};

for (const [group, paths] of Object.entries(APP_PAGE_GROUPS))
  test(`the app pages (${group}) have no serious accessibility violations`, async ({ page }) => {
    // Eight to ten pages each checked by axe: 18 s on a quiet machine, several times that on a loaded one.
    test.setTimeout(150_000);
    await registerViaApi(page.request, { name: 'Axel Access', email: uniqueEmail('axe') });
    const brand = await apiCall(page.request, 'POST', '/brands', { name: 'Alpha' });
    const store = await apiCall(page.request, 'POST', '/stores', {
      name: 'Riverside',
      brand_id: brand.id,
      city: 'Austin',
    });
    const lease = await apiCall(page.request, 'POST', '/leases', {
      store_id: store.id,
      status: 'active',
      commencement_date: '2024-01-01',
      expiration_date: '2028-12-31',
      percentage_rent_rate: 6,
      rent_schedule: [{ start_date: '2024-01-01', end_date: '2028-12-31', monthly_amount: 9000 }],
    });
    const found: Record<string, string[]> = {};
    for (const entry of paths) {
      const path = typeof entry === 'string' ? entry : entry(lease.id);
      await gotoSettled(page, path);
      const violations = await seriousViolations(page);
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
  });
