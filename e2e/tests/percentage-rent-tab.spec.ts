import { expect, test } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

test('the Percentage rent tab: the natural breakpoint, months not reported, and an artificial breakpoint once set', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Pia Percent', email: uniqueEmail('pct') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Grill Plano' });
  const lease = await apiCall(page.request, 'POST', '/leases', {
    store_id: store.id,
    reference: 'HG-PLA-1',
    status: 'active',
    commencement_date: '2024-01-01',
    expiration_date: '2028-12-31',
    percentage_rent_rate: 6,
    rent_schedule: [{ start_date: '2024-01-01', end_date: '2028-12-31', monthly_amount: 11700 }],
  });
  // January to November of the first lease year; December is never reported.
  for (let month = 1; month <= 11; month++)
    await apiCall(page.request, 'POST', '/sales', {
      store_id: store.id,
      period: 'month',
      period_start: `2024-${String(month).padStart(2, '0')}-01`,
      gross: 250000,
    });

  await page.goto(`/leases/${lease.id}`);
  await page.getByRole('tab', { name: 'Percentage rent' }).click();
  await expect(page).toHaveURL(/tab=percentage-rent/);
  // 140,400 of base rent a year at 6 %: a natural breakpoint of 2,340,000.
  const year1 = page.getByRole('listitem', { name: 'Lease year 1', exact: true });
  await expect(year1).toContainText('$2,340,000');
  await expect(year1).toContainText('$2,750,000');
  await expect(year1).toContainText('Not reported: 2024-12');
  await expect(year1).toContainText('Provisional');
  await expect(year1.getByRole('link', { name: 'Statement CSV, year 1' })).toHaveAttribute(
    'href',
    new RegExp(`/leases/${lease.id}/percentage-rent/statement\\.csv\\?lease_year=1$`),
  );
  await screenshot(page, 'percentage-rent-tab-desktop');

  await page.getByLabel('Breakpoint', { exact: true }).selectOption('artificial');
  await page.getByRole('button', { name: 'Add a lease year' }).click();
  await page.getByLabel('Breakpoint ($)').fill('2000000');
  await page.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText('Percentage rent terms saved.')).toBeVisible();
  // (2,750,000 − 2,000,000) × 6 % on the months reported so far.
  await expect(year1).toContainText('$2,000,000');
  await expect(year1).toContainText('$45,000');

  // A band from 2,500,000 at 10 %: 500,000 at 6 % from the breakpoint, then 250,000 at 10 %.
  await page.getByRole('button', { name: 'Add a rate band' }).click();
  await page.getByLabel('Band from sales ($)').fill('2500000');
  await page.getByLabel('Band rate (%)').fill('10');
  await page.getByRole('button', { name: 'Save terms' }).click();
  await expect(year1).toContainText('$55,000');

  await page.reload();
  await expect(page.getByLabel('Breakpoint', { exact: true })).toHaveValue('artificial');
  await expect(page.getByLabel('Band rate (%)')).toHaveValue('10');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'percentage-rent-tab-phone');
});
