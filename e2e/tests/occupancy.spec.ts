import AxeBuilder from '@axe-core/playwright';
import type { StoreOccupancy } from '@storekeep/contracts';
import { expect, test, type Page } from '../fixtures';
import { apiCall, expectFitsWidth, registerViaApi, screenshot, uniqueEmail } from '../support';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test('occupancy cost: the store page’s figure, the stores list sorted by it, and the dashboard’s ranking', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Olive Occupancy', email: uniqueEmail('occ') });
  const brand = await apiCall(page.request, 'POST', '/brands', { name: 'Harbor Grill' });
  const storeWith = async (name: string, monthly: number, reportedMonths: number) => {
    const store = await apiCall(page.request, 'POST', '/stores', { name, brand_id: brand.id });
    const empty = await apiCall<StoreOccupancy>(page.request, 'GET', `/stores/${store.id}/occupancy`);
    // A five-year renewal from 2041 whose rent (6,000 a month) is already written into the schedule.
    const lease = await apiCall(page.request, 'POST', '/leases', {
      store_id: store.id,
      reference: `${name.split(' ').at(-1)}-1`,
      status: 'active',
      commencement_date: '2020-01-01',
      expiration_date: '2040-12-31',
      rent_schedule: [
        { start_date: '2020-01-01', end_date: '2040-12-31', monthly_amount: monthly },
        { start_date: '2041-01-01', end_date: '2045-12-31', monthly_amount: 6000 },
      ],
      charges: [{ kind: 'cam', monthly_amount: 500 }],
      options: [{ kind: 'renewal', count: 1, length_months: 60, notice_days: 180 }],
    });
    await apiCall(page.request, 'POST', '/sales/batch', {
      rows: empty.missing_months.slice(0, reportedMonths).map((month) => ({
        store_id: store.id,
        period: 'month',
        period_start: `${month}-01`,
        gross: 100000,
      })),
    });
    return { ...store, lease, months: empty.missing_months };
  };
  // Sales 1,200,000 a year. Plano: 12 × (5,000 + 500) = 66,000 → 5.50 %; Frisco: 12 × 10,500 → 10.50 %;
  // Allen never reported its last month: no ratio.
  const plano = await storeWith('Harbor Grill Plano', 5000, 12);
  const frisco = await storeWith('Harbor Grill Frisco', 10000, 12);
  const allen = await storeWith('Harbor Grill Allen', 2000, 11);

  await page.goto(`/stores/${plano.id}`);
  const card = page.getByTestId('store-occupancy');
  await expect(card).toContainText('$60,000');
  await expect(card).toContainText('$6,000');
  await expect(card).toContainText('$66,000');
  await expect(card).toContainText('$1,200,000');
  await expect(card).toContainText('5.50 %');
  await expect(
    page.getByText(/Trailing 12 months: .* \(whole calendar months before this one\)/),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'occupancy-store-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toContainText('5.50 %');
  await expectFitsWidth(page);
  await screenshot(page, 'occupancy-store-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  // At the renewal's notice window: 12 × 6,000 replaces 60,000 of rent, (66,000 − 60,000 + 72,000) ÷ 1,200,000.
  await expect(card.getByTestId('occupancy-options')).toContainText('6.50 %');
  await page.goto(`/leases/${plano.lease.id}`);
  await expect(page.getByTestId('option-occupancy')).toContainText(
    '5.50 % today, 6.50 % at the option’s rent of $6,000 a month',
  );

  await page.goto(`/stores/${allen.id}`);
  await expect(page.getByTestId('store-occupancy')).toContainText('Incomplete');
  await expect(page.getByTestId('store-occupancy')).toContainText('No sales reported for');

  await page.goto('/stores?sort=occupancy_ratio&direction=desc');
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText('Harbor Grill Frisco');
  await expect(rows.nth(1)).toContainText('10.50 %');
  await expect(rows.nth(2)).toContainText('Harbor Grill Plano');
  await page.getByRole('button', { name: /Occupancy %/ }).click();
  await expect(page).toHaveURL(/sort=occupancy_ratio&direction=asc/);

  await page.goto('/dashboard');
  const ranking = page.getByTestId('occupancy-ranking');
  await ranking.scrollIntoViewIfNeeded();
  const ranked = ranking.getByRole('row');
  await expect(ranked.nth(1)).toContainText('Harbor Grill Frisco');
  // The brand's median of 5.50 % and 10.50 %.
  await expect(ranked.nth(1)).toContainText('8.00 %');
  await expect(ranked.nth(2)).toContainText('Harbor Grill Plano');
  await expect(ranking).toContainText('1 store without a ratio');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'occupancy-dashboard-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(ranked.nth(1)).toContainText('10.50 %');
  await expectFitsWidth(page);
  await screenshot(page, 'occupancy-dashboard-phone');
  expect(frisco.months).toHaveLength(12);
});
