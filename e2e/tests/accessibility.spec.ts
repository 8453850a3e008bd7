import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures';
import { apiCall, registerViaApi, uniqueEmail } from '../support';

/** WCAG 2.2 AA rules; a page passes with no serious or critical violation. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

test('public pages have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/', '/login', '/register', '/password/reset']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), path).toEqual([]);
  }
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
