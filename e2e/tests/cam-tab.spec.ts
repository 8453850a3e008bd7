import { expect, test, type Locator, type Page } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

async function enterStatement(
  page: Page,
  values: { year: string; actual: string; controllable: string; estimates: string; received: string },
) {
  await page.getByLabel('Lease year', { exact: true }).selectOption(values.year);
  await page.getByLabel('Statement received on').fill(values.received);
  await page.getByLabel('Actual CAM ($)').fill(values.actual);
  await page.getByLabel('Of which controllable ($)').fill(values.controllable);
  await page.getByLabel('Estimates paid ($)').fill(values.estimates);
  await page.getByRole('button', { name: 'Save statement' }).click();
  await expect(page.getByText('CAM statement saved.').first()).toBeVisible();
}

const figure = (year: Locator, label: string) => year.getByText(label, { exact: true }).locator('xpath=..');

test('the CAM tab: terms with a cap and an audit window, statements with their variance and the cap applied', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Cam Checker', email: uniqueEmail('cam') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Grill Irving' });
  const lease = await apiCall(page.request, 'POST', '/leases', {
    store_id: store.id,
    reference: 'HG-IRV-1',
    status: 'active',
    commencement_date: '2024-01-01',
    expiration_date: '2028-12-31',
    rent_schedule: [{ start_date: '2024-01-01', end_date: '2028-12-31', monthly_amount: 9000 }],
  });

  await page.goto(`/leases/${lease.id}?tab=cam`);
  await page.getByLabel('Cap on controllable CAM (% a year)').fill('5');
  await page.getByLabel('Audit window (days after receipt)').fill('90');
  await page.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText('CAM terms saved.')).toBeVisible();

  // A controllable amount above the actual is refused on its field.
  await page.getByLabel('Lease year', { exact: true }).selectOption('1');
  await page.getByLabel('Statement received on').fill('2025-02-01');
  await page.getByLabel('Actual CAM ($)').fill('1000');
  await page.getByLabel('Of which controllable ($)').fill('2000');
  await page.getByRole('button', { name: 'Save statement' }).click();
  await expect(page.getByLabel('Of which controllable ($)')).toHaveAttribute('aria-invalid', 'true');

  await enterStatement(page, {
    year: '1',
    actual: '12000',
    controllable: '10000',
    estimates: '11000',
    received: '2025-02-01',
  });
  const year1 = page.getByRole('listitem', { name: 'Lease year 1', exact: true });
  await expect(figure(year1, 'Variance')).toContainText('$1,000');
  await expect(figure(year1, 'Variance')).toContainText('The tenant owes');
  // 90 days after February 1, the day of receipt not counted.
  await expect(figure(year1, 'Audit window closes')).toContainText('May 2, 2025');

  // Year 2's controllable 11,000 against a cap of 10,000 × 1.05: 500 over, so 12,500 billable.
  await enterStatement(page, {
    year: '2',
    actual: '13000',
    controllable: '11000',
    estimates: '12000',
    received: '2026-02-01',
  });
  const year2 = page.getByRole('listitem', { name: 'Lease year 2', exact: true });
  await expect(figure(year2, 'Controllable cap')).toContainText('$10,500');
  await expect(figure(year2, 'Controllable cap')).toContainText('$500 over the cap');
  await expect(figure(year2, 'Billable')).toContainText('$12,500');
  await expect(figure(year2, 'Variance')).toContainText('$500');
  await screenshot(page, 'cam-tab-desktop');

  await page.reload();
  await expect(page.getByLabel('Cap on controllable CAM (% a year)')).toHaveValue('5');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'cam-tab-phone');
});
