import fs from 'node:fs';
import { expect, test } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

test('a lease accounting profile gives the schedule, its first month of interest and the CSV download', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Avery Accountant', email: uniqueEmail('accounting') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Grill Tyler' });
  const lease = await apiCall(page.request, 'POST', '/leases', {
    store_id: store.id,
    reference: 'HG-TYL-1',
    status: 'active',
    commencement_date: '2025-01-01',
    expiration_date: '2029-12-31',
    rent_schedule: [
      { start_date: '2025-01-01', end_date: '2026-12-31', monthly_amount: 10000 },
      { start_date: '2027-01-01', end_date: '2029-12-31', monthly_amount: 10300 },
    ],
  });

  await page.goto(`/leases/${lease.id}`);
  await page.getByRole('tab', { name: 'Accounting' }).click();
  await expect(page).toHaveURL(/tab=accounting/);
  await expect(page.getByText('Save the profile to see the schedule.')).toBeVisible();

  // 60 payments in arrears at 2.25 % ÷ 12: a liability of 576,954.17, whose first month accrues 1,081.79.
  await page.getByLabel('Discount rate (% a year)').fill('2.25');
  await page.getByLabel('Payments').selectOption('arrears');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Accounting profile saved.')).toBeVisible();
  const liability = page
    .getByText('Initial lease liability', { exact: true })
    .locator('xpath=following-sibling::dd');
  await expect(liability).toHaveText('$576,954.17');
  const january = page.getByRole('row').filter({ hasText: '2025-01' });
  await expect(january).toContainText('$10,000.00');
  await expect(january).toContainText('$1,081.79');
  // Each reading beside the schedule, as this lease's own or the team's default.
  const readings = page.getByTestId('accounting-readings');
  await expect(readings).toContainText('In arrears (this lease)');
  await expect(readings).toContainText('Annual rate ÷ 12 (team default)');
  await expect(readings).toContainText('Half up (team default)');
  await expect(readings).toContainText('The cent (team default)');
  await screenshot(page, 'lease-accounting-desktop');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Schedule CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^lease-\d+-schedule-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, first] = csv.trim().split('\n');
  expect(header).toContain('Month,Period,Period start,Payment,Interest');
  expect(first?.split(',').slice(0, 5)).toEqual(['1', '2025-01', '2025-01-01', '10000.00', '1081.79']);

  // A reload keeps the tab, and the saved profile.
  await page.reload();
  await expect(page.getByLabel('Discount rate (% a year)')).toHaveValue('2.25');

  // Whole units, as tables printed in dollars are: the liability and each month's interest lose their cents.
  await page.getByLabel('Rounded to').selectOption('unit');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Accounting profile saved.')).toBeVisible();
  await expect(readings).toContainText('Whole units (this lease)');
  await expect(liability).toHaveText('$576,954.00');
  await expect(january).toContainText('$1,082.00');
  await page.reload();
  await expect(page.getByLabel('Rounded to')).toHaveValue('unit');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'lease-accounting-phone');
});
