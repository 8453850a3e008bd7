import { expect, test } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

test('switching the invoicing rules between pooled, per-store and franchisee-pooled tiers changes the royalty report’s figure and its reading', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Paula Pool', email: uniqueEmail('pooling') });
  const operator = await apiCall(page.request, 'POST', '/companies', {
    name: 'Pool Partners',
    kind: 'franchisee',
  });
  const brand = await apiCall(page.request, 'POST', '/brands', { name: 'Pool Pizza' });
  const year = new Date().getFullYear() - 1;
  const stores: Array<{ id: number; gross: number }> = [];
  for (const [name, gross] of [
    ['Pool North', 20_000.5],
    ['Pool South', 15_000.25],
  ] as const) {
    const store = await apiCall(page.request, 'POST', '/stores', {
      name,
      brand_id: brand.id,
      company_id: operator.id,
    });
    stores.push({ id: store.id, gross });
  }
  await apiCall(page.request, 'POST', '/agreements', {
    brand_id: brand.id,
    franchisee_id: operator.id,
    store_ids: stores.map((s) => s.id),
    agreement_number: 'PP-1',
    status: 'open',
    effective_date: '2024-01-01',
    royalty_percent: 4,
    royalty_tiers: [{ from_sales: 30_000, percent: 6 }],
    reporting_frequency: 'monthly',
  });
  // A second agreement of the franchisee on the same terms, for its one store.
  const east = await apiCall(page.request, 'POST', '/stores', {
    name: 'Pool East',
    brand_id: brand.id,
    company_id: operator.id,
  });
  stores.push({ id: east.id, gross: 10_000 });
  await apiCall(page.request, 'POST', '/agreements', {
    brand_id: brand.id,
    franchisee_id: operator.id,
    store_ids: [east.id],
    agreement_number: 'PP-2',
    status: 'open',
    effective_date: '2024-01-01',
    royalty_percent: 4,
    royalty_tiers: [{ from_sales: 30_000, percent: 6 }],
    reporting_frequency: 'monthly',
  });
  for (const store of stores)
    await apiCall(page.request, 'POST', '/sales', {
      store_id: store.id,
      period: 'month',
      period_start: `${year}-03-01`,
      gross: store.gross,
    });

  const openReport = async () => {
    await page.goto('/sales?tab=royalties');
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(`${year}-03-01`);
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(`${year}-03-31`);
    // By the row's name: PP-2's reading names PP-1 too once they pool.
    return page.getByRole('row', { name: /Pool Pizza PP-1/ });
  };
  // Pooled (the default): $35,000.75 crosses the $30,000 tier: $1,200 + $5,000.75 × 6% = $1,500.05.
  let row = await openReport();
  await expect(row).toContainText('$1,500.05');
  await expect(row).toContainText('Tiers pooled across 2 stores of Pool Partners');
  await screenshot(page, 'sales-royalties-pooled');

  await page.goto('/invoices?tab=settings');
  await page
    .getByRole('row')
    .filter({ hasText: 'Team default' })
    .getByRole('button', { name: 'Edit the team’s default rules' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Stores').selectOption('per_store');
  await dialog.getByRole('button', { name: 'Save rules' }).click();
  await expect(
    page.getByText('The team’s default rules are saved; the next invoice run uses them.'),
  ).toBeVisible();

  // Per store neither store reaches the tier: $800.02 + $600.01.
  row = await openReport();
  await expect(row).toContainText('$1,400.03');
  await expect(row).toContainText('Tiers per store');
  await expect(row).not.toContainText('pooled');
  await screenshot(page, 'sales-royalties-per-store');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toContainText('Tiers per store');
  await screenshot(page, 'sales-royalties-per-store-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Pooled across the franchisee's agreements: PP-1 and PP-2 sold $45,000.75 together, $1,200 + $15,000.75 × 6%
  // = $2,100.05, shared by sales: PP-1 $1,633.38, PP-2 $466.67.
  await page.goto('/invoices?tab=settings');
  await page
    .getByRole('row')
    .filter({ hasText: 'Team default' })
    .getByRole('button', { name: 'Edit the team’s default rules' })
    .click();
  await dialog.getByLabel('Stores').selectOption('franchisee');
  await expect(
    dialog.getByText(/Tiers read the sales of a franchisee’s agreements with the same terms/),
  ).toBeVisible();
  await screenshot(page, 'invoicing-settings-franchisee-pooling');
  await dialog.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Team default' })).toContainText(
    'Pooled per franchisee',
  );
  row = await openReport();
  await expect(row).toContainText('$1,633.38');
  await expect(row).toContainText('Tiers pooled across 2 agreements of Pool Partners: PP-1, PP-2');
  await expect(page.getByRole('row', { name: /Pool Pizza PP-2/ })).toContainText('$466.67');
  await screenshot(page, 'sales-royalties-franchisee-pooled');
});
