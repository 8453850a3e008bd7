import { expect, test } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

test('sales typed and pasted into the grid show up as royalties due for the agreement, exportable', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Sam Sales', email: uniqueEmail('sales') });
  const brand = await apiCall(page.request, 'POST', '/brands', { name: 'Bagel Barn' });
  const alpha = await apiCall(page.request, 'POST', '/stores', { name: 'Alpha Bagels', brand_id: brand.id });
  const beta = await apiCall(page.request, 'POST', '/stores', { name: 'Beta Bagels', brand_id: brand.id });
  const agreement = await apiCall(page.request, 'POST', '/agreements', {
    brand_id: brand.id,
    store_ids: [alpha.id, beta.id],
    agreement_number: 'FA-100',
    status: 'open',
    royalty_percent: 6,
    royalty_minimum: 500,
    marketing_percent: 2,
    reporting_frequency: 'monthly',
  });
  const year = new Date().getFullYear();
  // The agreement ended with February, so the rest of the year expects no reports.
  await apiCall(page.request, 'PATCH', `/agreements/${agreement.id}`, { expiration_date: `${year}-02-28` });

  await page.goto('/sales');
  await expect(page.getByRole('heading', { name: 'Sales', exact: true })).toBeVisible();
  const cell = (store: string, month: string) => page.getByLabel(`${store}, ${month} ${year} gross sales`);
  await cell('Alpha Bagels', 'Jan').fill('10,000');
  // Enter moves down a row, as in a spreadsheet.
  await cell('Alpha Bagels', 'Jan').press('Enter');
  await expect(cell('Beta Bagels', 'Jan')).toBeFocused();
  // A row copied from a spreadsheet pastes across January and February.
  await cell('Beta Bagels', 'Jan').evaluate((input) => {
    const data = new DataTransfer();
    data.setData('text/plain', '5000\t6000\n');
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(cell('Beta Bagels', 'Feb')).toHaveValue('6000');
  await cell('Alpha Bagels', 'Feb').fill('1000');
  await expect(page.getByText('4 unsaved changes')).toBeVisible();
  await screenshot(page, 'sales-grid');
  const saved = page.waitForResponse((r) => r.url().endsWith('/sales/batch') && r.status() === 200);
  await page.getByRole('button', { name: 'Save sales' }).click();
  await saved;
  await expect(page.getByText('4 figures saved.')).toBeVisible();
  await expect(cell('Beta Bagels', 'Jan')).toHaveValue('5,000');

  // Royalties: Jan 15,000 × 6% = 900; Feb 7,000 × 6% = 420, topped up to 500; marketing 2% of 22,000 = 440.
  // 900 + 420 + 80 + 440 = 1,840. Every report of the term is in: nothing estimated.
  await page.getByRole('tab', { name: 'Royalties due' }).click();
  await expect(page).toHaveURL(/tab=royalties/);
  const row = page.getByRole('row').filter({ hasText: 'FA-100' });
  await expect(row).toContainText('$22,000');
  await expect(row).toContainText('$1,320');
  await expect(row).toContainText('$80');
  await expect(row).toContainText('$1,840');
  await expect(row).not.toContainText('Estimated');
  await expect(page.getByTestId('royalties-total')).toHaveText('$1,840 due from 1 agreement.');
  await screenshot(page, 'sales-royalties');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe(`royalties-${year}-01-01-${year}-12-31.csv`);

  // The report tab draws its chart from a lazily loaded chunk.
  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page.getByTestId('sales-chart')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Jan ${year}` })).toContainText('$15,000');
  await screenshot(page, 'sales-reports');
});

test('the grid fits six-digit figures, keeps Save and Total in view, and asks before typed figures are lost', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Gina Grid', email: uniqueEmail('sales-grid') });
  // A page of stores taller than the screen.
  for (let i = 1; i <= 24; i += 1)
    await apiCall(page.request, 'POST', '/stores', { name: `Grid Store ${String(i).padStart(2, '0')}` });
  const year = new Date().getFullYear();

  await page.goto('/sales');
  const cell = (store: string, month: string) => page.getByLabel(`${store}, ${month} ${year} gross sales`);
  await cell('Grid Store 01', 'Jan').fill('999,999.99');
  await cell('Grid Store 01', 'Dec').fill('999,999.99');
  // The whole figure shows in its cell, and the row's total at the right edge of the screen.
  for (const month of ['Jan', 'Dec'])
    expect(
      await cell('Grid Store 01', month).evaluate((input) => input.scrollWidth <= input.clientWidth),
    ).toBe(true);
  await expect(page.getByRole('columnheader', { name: 'Total' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('sales-row-total').first()).toHaveText('$1,999,999.98');
  await expect(page.getByTestId('sales-row-total').first()).toBeInViewport({ ratio: 1 });
  // The Save bar sticks to the bottom of the screen while there is something to save.
  await expect(page.getByRole('button', { name: 'Save sales' })).toBeInViewport({ ratio: 1 });
  // Focus scrolls a cell clear of the sticky columns on either side.
  await expect(cell('Grid Store 01', 'Dec')).toBeInViewport({ ratio: 1 });
  const uncovered = (input: HTMLElement) => {
    const box = input.getBoundingClientRect();
    return [box.left + 4, box.right - 4].every(
      (x) => document.elementFromPoint(x, box.top + box.height / 2) === input,
    );
  };
  expect(await cell('Grid Store 01', 'Dec').evaluate(uncovered)).toBe(true);
  await cell('Grid Store 01', 'Jan').focus();
  expect(await cell('Grid Store 01', 'Jan').evaluate(uncovered)).toBe(true);
  await screenshot(page, 'sales-grid-wide');
  await screenshot(page, 'sales-grid-viewport', { fullPage: false });
  // On a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Save sales' })).toBeInViewport({ ratio: 1 });
  // Moving down a row with the keyboard keeps the cell typed in clear of the Save bar.
  await page.keyboard.press('Enter');
  await expect(cell('Grid Store 02', 'Jan')).toBeFocused();
  expect(await cell('Grid Store 02', 'Jan').evaluate(uncovered)).toBe(true);
  await screenshot(page, 'sales-grid-phone', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Leaving asks first, as the record forms do; keeping on editing keeps the figures.
  await page.getByRole('tab', { name: 'Royalties due' }).click();
  await expect(page.getByText('Discard unsaved changes?')).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).not.toHaveURL(/tab=/);
  await expect(cell('Grid Store 01', 'Jan')).toHaveValue('999,999.99');
  await page.getByRole('button', { name: 'Previous year' }).click();
  await expect(page.getByText('Discard unsaved changes?')).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(cell('Grid Store 01', 'Jan')).toHaveValue('999,999.99');
  await page.getByRole('link', { name: 'Stores', exact: true }).first().click();
  await expect(page.getByText('Discard unsaved changes?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/stores$/);
});

test('the percentage rent tab computes each lease year by the lease’s own terms and says why', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Pat Percent', email: uniqueEmail('pct-rent') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Riverside' });
  // L-2021 of decision 0022: 11,700 a month (140,400 a year) at 6 %, a stored breakpoint of 600,000.
  await apiCall(page.request, 'POST', '/leases', {
    store_id: store.id,
    reference: 'L-2021',
    status: 'active',
    commencement_date: '2019-07-01',
    expiration_date: '2024-06-30',
    percentage_rent_breakpoint: 600000,
    percentage_rent_rate: 6,
    rent_schedule: [
      { start_date: '2019-07-01', end_date: '2020-06-30', monthly_amount: 11700 },
      { start_date: '2020-07-01', end_date: '2021-06-30', monthly_amount: 12051 },
    ],
  });
  const months = ['07', '08', '09', '10', '11', '12'].map((m) => `2019-${m}-01`);
  await apiCall(page.request, 'POST', '/sales/batch', {
    rows: [
      ...months.map((period_start) => ({ store_id: store.id, period_start, gross: 108843 })),
      // January 2020 onwards never reported but for March.
      { store_id: store.id, period_start: '2020-03-01', gross: 108843 },
    ],
  });

  await page.goto('/sales?tab=rent');
  await page.getByLabel('From').fill('2019-07-01');
  await page.getByLabel('To').fill('2020-06-30');
  const row = page.getByRole('row').filter({ hasText: 'L-2021' });
  // Until both dates are in, the report shows every lease year; then only the first.
  await expect(row).toHaveCount(1);
  // The natural breakpoint, not the stored 600,000: nothing due on 761,901 of sales.
  await expect(row).toContainText('natural: base rent 140,400.00 ÷ 6 %');
  await expect(row).toContainText('$2,340,000');
  await expect(row).toContainText('Provisional');
  await expect(row).toContainText('Not reported: 2020-01, 2020-02, 2020-04, 2020-05, 2020-06');
  await expect(row).toContainText('$0');
  await screenshot(page, 'sales-percentage-rent');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toContainText('Provisional');
  await screenshot(page, 'sales-percentage-rent-phone');
});

test('the royalty report names the year its year-to-date tiers count from', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Tina Tiers', email: uniqueEmail('tiers') });
  const brand = await apiCall(page.request, 'POST', '/brands', { name: 'Wrap World' });
  const store = await apiCall(page.request, 'POST', '/stores', {
    name: 'Wrap World Main',
    brand_id: brand.id,
  });
  const year = new Date().getFullYear();
  await apiCall(page.request, 'POST', '/agreements', {
    brand_id: brand.id,
    store_ids: [store.id],
    agreement_number: 'WW-1',
    status: 'open',
    effective_date: `${year - 1}-07-01`,
    royalty_percent: 5,
    reporting_frequency: 'monthly',
  });
  await apiCall(page.request, 'PUT', `/invoicing/settings/brands/${brand.id}`, {
    tier_basis: 'year_to_date',
    tier_year: 'agreement',
  });

  await page.goto('/sales?tab=royalties');
  const row = page.getByRole('row').filter({ hasText: 'WW-1' });
  // The range's last period, December, is in the agreement year that began on 1 July.
  await expect(row).toContainText(`Tiers on sales since Jul 1, ${year}, the agreement year`);
  await screenshot(page, 'sales-royalties-tier-year');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toContainText(`Tiers on sales since Jul 1, ${year}, the agreement year`);
  await screenshot(page, 'sales-royalties-tier-year-phone');
});
