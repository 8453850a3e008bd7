import { expect, test } from '../fixtures';
import {
  apiCall,
  expectFitsWidth,
  franchiseeWithMarchSales,
  registerViaApi,
  screenshot,
  uniqueEmail,
} from '../support';

test('a franchisor invoices a month of royalties and records the payment', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Fran Chisor', email: uniqueEmail('invoices') });
  await franchiseeWithMarchSales(
    page.request,
    {
      company: 'Moore Partners',
      email: 'accounts@moore.test',
      brand: 'Sunrise Fitness',
      store: 'Dallas',
      agreement: 'FA-100',
    },
    { marketing_percent: 2 },
  );

  await page.goto('/sales');
  await page.getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
  await page.getByLabel('Month invoiced').fill('2026-03');
  await expect(page.getByText('No invoices for this month')).toBeVisible();
  await page.getByRole('button', { name: 'Invoice this month' }).click();
  await expect(page.getByText('One invoice created (0 already invoiced).')).toBeVisible();
  // $20,000 of March sales: 5% royalty $1,000 and 2% marketing fund $400.
  const row = page.getByRole('row').filter({ hasText: 'Moore Partners' });
  await expect(row).toContainText('INV-000001');
  await expect(row).toContainText('$1,400');
  await expect(row).toContainText('Open');
  await screenshot(page, 'invoices-month');

  await row.getByRole('button', { name: 'INV-000001' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Royalty, FA-100, all stores');
  await expect(dialog).toContainText('$1,000');
  await expect(dialog.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', /\/invoices\/\d+\/pdf$/);
  await dialog.getByLabel('Amount').fill('1400');
  await dialog.getByLabel('Received on').fill('2026-04-20');
  await dialog.getByLabel('Reference').fill('ACH 7781');
  await screenshot(page, 'invoice-detail');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment of $1,400 recorded on INV-000001.')).toBeVisible();
  await expect(dialog.getByText('Balance due')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('$0');
  await screenshot(page, 'invoices-paid');

  // The months since March have no report: the reporting page lists them as missing, and March's can be locked.
  await page.goto('/sales');
  await page.getByRole('link', { name: 'Sales reporting', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sales reporting', exact: true })).toBeVisible();
  await page.getByLabel('From month').fill('2026-03');
  await page.getByLabel('To month').fill('2026-04');
  const april = page.getByRole('row').filter({ hasText: 'Apr 1, 2026' });
  await expect(april).toContainText('Moore Partners');
  await expect(april).toContainText('Missing');
  await expect(april).toContainText('May 10, 2026');
  await page.getByLabel('Status').selectOption('received');
  const march = page.getByRole('row').filter({ hasText: 'Mar 1, 2026' });
  await march.getByRole('button', { name: 'Lock period' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Lock period' }).click();
  await expect(page.getByText('One period locked.')).toBeVisible();
  await expect(march).toContainText('Locked');
  await screenshot(page, 'reporting');
});

test('a bank statement file pays the invoice it names; aging and the statement follow', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Col Lector', email: uniqueEmail('collections') });
  await franchiseeWithMarchSales(page.request, {
    company: 'Harbor Foods',
    email: 'accounts@harbor.test',
    brand: 'Harbor Grill',
    store: 'Galveston',
    agreement: 'HG-1',
  });
  await apiCall(page.request, 'POST', '/invoices', { period: '2026-03' });

  await page.goto('/invoices');
  await page.getByRole('tab', { name: 'Aging' }).click();
  await expect(page).toHaveURL(/tab=aging/);
  // $1,000 royalty, not yet due: all of it current.
  const aging = page.getByRole('row').filter({ hasText: 'Harbor Foods' });
  await expect(aging).toContainText('$1,000');
  await expect(page.getByTestId('aging-total')).toHaveText('$1,000 open, $0 of it past due.');
  await screenshot(page, 'collections-aging');

  await page.getByRole('tab', { name: 'Bank import' }).click();
  await page.getByLabel('Bank statement (CSV)').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Date,Description,Amount',
        '2026-05-02,ACH HARBOR FOODS INV-000001,1000.00',
        '2026-05-03,Coffee,4.50',
      ].join('\n'),
    ),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('bank-summary')).toHaveText(
    '1 new payments to import, 0 already imported, 1 lines not matched.',
  );
  await expect(page.getByRole('row').filter({ hasText: 'INV-000001' })).toContainText('New');
  await expect(page.getByText('Line 3: The reference names no invoice number.')).toBeVisible();
  await screenshot(page, 'collections-bank-preview');
  await page.getByRole('button', { name: 'Import 1 payment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Import 1 payment' }).click();
  await expect(page.getByText('1 payment imported.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'INV-000001' })).toContainText('Imported');

  await page.getByRole('tab', { name: 'Aging' }).click();
  await expect(page.getByText('Nothing owed')).toBeVisible();
  await page.getByRole('tab', { name: 'Statement' }).click();
  await page.getByLabel('From', { exact: true }).fill('2026-01-01');
  const statementRows = page.getByRole('row');
  await expect(statementRows.filter({ hasText: 'ACH HARBOR FOODS' })).toContainText('$1,000');
  await expect(statementRows.filter({ hasText: 'Invoice' }).filter({ hasText: 'INV-000001' })).toContainText(
    '$1,000',
  );
  await expect(page.getByTestId('statement-closing')).toHaveText('$0');
  await screenshot(page, 'collections-statement');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Team default' })).toContainText('30 days');
  await screenshot(page, 'collections-settings');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await page.getByLabel('Month invoiced').fill('2026-03');
  await expect(page.getByRole('row').filter({ hasText: 'Harbor Foods' })).toContainText('Paid');

  // On a phone the pages fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['aging', 'bank', 'statement', 'settings']) {
    await page.goto(`/invoices?tab=${tab}`);
    await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
    await expectFitsWidth(page);
    await screenshot(page, `collections-${tab}-phone`);
  }
});
