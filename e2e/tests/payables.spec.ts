import { expect, test } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

test('a month of rent payables is generated, approved with its invoice variance, exported and paid', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Paula Payables', email: uniqueEmail('payables') });
  const landlord = await apiCall(page.request, 'POST', '/companies', { name: 'Harbor Properties' });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Riverside' });
  const lease = await apiCall(page.request, 'POST', '/leases', {
    store_id: store.id,
    landlord_id: landlord.id,
    reference: 'L-7',
    status: 'active',
    commencement_date: '2026-03-01',
    rent_commencement_date: '2026-03-15',
    expiration_date: '2031-03-14',
    rent_schedule: [{ start_date: '2026-03-15', end_date: '2031-03-14', monthly_amount: 10000 }],
    charges: [{ kind: 'cam', monthly_amount: 500, estimated: true }],
  });
  await apiCall(page.request, 'PUT', `/leases/${lease.id}/payment-terms`, {
    remittance: 'ACH to First Bank',
  });

  await page.goto('/payables');
  await expect(page.getByRole('heading', { name: 'Payables', exact: true })).toBeVisible();
  await page.getByLabel('Month due').fill('2026-04');
  await expect(page.getByText('No payables for this month')).toBeVisible();
  await page.getByRole('button', { name: 'Generate lines' }).click();
  await expect(page.getByText('2 new lines, 0 updated.')).toBeVisible();
  const rent = page.getByRole('row').filter({ hasText: 'Rent' }).filter({ hasText: 'L-7' });
  await expect(rent).toContainText('$10,000');
  await expect(rent).toContainText('Harbor Properties');
  await expect(rent).toContainText('ACH to First Bank');
  await expect(page.getByRole('row').filter({ hasText: 'Charge: cam' })).toContainText('$500');

  // The landlord's invoice is 16.13 higher: approving it approves the variance, said on the button.
  const lines = await apiCall<Array<{ id: number; kind: string }>>(
    page.request,
    'GET',
    '/payables?period=2026-04',
  );
  const rentLine = lines.find((line) => line.kind === 'rent')!;
  await apiCall(page.request, 'PATCH', `/payables/${rentLine.id}`, { invoice_amount: 10016.13 });
  await page.reload();
  await page.getByLabel('Month due').fill('2026-04');
  await expect(rent).toContainText('variance $16.13');
  await page.getByLabel('Select every line').check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await expect(page.getByText('Approving them approves the variance too.')).toBeVisible();
  await page.getByRole('button', { name: 'Approve with variance' }).click();
  await expect(page.getByText('2 lines approved.')).toBeVisible();
  await expect(rent).toContainText('Approved');
  await expect(rent).toContainText('by Paula Payables');
  await screenshot(page, 'payables-approved');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^payables-2026-04-\d{4}-\d{2}-\d{2}\.csv$/);

  await page.getByLabel('Select L-7 2026-04-01').first().check();
  await page.getByRole('button', { name: 'Mark paid' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Paid lines are final');
  await dialog.getByLabel('Payment reference').fill('ACH-5521');
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('1 line marked paid.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Paid' })).toHaveCount(1);
  await screenshot(page, 'payables-paid');
});
