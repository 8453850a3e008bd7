import { expect, test } from '../fixtures';
import { apiCall, registerViaApi, seriousViolations, uniqueEmail } from '../support';

test('public pages have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/', '/login', '/register', '/password/reset']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
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

test('the app pages have no serious accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
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
  for (const path of [
    '/dashboard',
    '/stores',
    '/stores/create',
    '/companies',
    '/brands',
    '/contacts',
    '/documents',
    '/reminders',
    '/leases',
    '/agreements',
    '/sales',
    '/payables',
    '/lease-accounting',
    `/leases/${lease.id}?tab=percentage-rent`,
    `/leases/${lease.id}?tab=cam`,
    '/import',
    '/import/stores',
    '/account/profile',
    '/account/team',
    '/account/attributes',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
  }
  expect(found).toEqual({});
});
