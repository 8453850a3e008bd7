import { expect, test } from '../fixtures';
import { apiCall, expectFitsWidth, registerViaApi, screenshot, uniqueEmail } from '../support';

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

  // The landlord's invoice is 16.13 higher: entered on the line, it shows as a variance to approve.
  await rent.getByRole('button', { name: 'Actions for L-7 2026-04-01 Rent' }).click();
  await page.getByRole('menuitem', { name: 'Enter invoice' }).click();
  const invoice = page.getByRole('dialog', { name: 'Landlord’s invoice' });
  await expect(invoice).toContainText('scheduled at $10,000.');
  await invoice.getByLabel('Invoice amount').fill('10016.13');
  await invoice.getByLabel('Invoice number').fill('INV-88');
  await invoice.getByLabel('Invoice date').fill('2026-03-20');
  await invoice.getByRole('button', { name: 'Save invoice' }).click();
  await expect(page.getByText('Invoice saved with a variance of $16.13 to approve.')).toBeVisible();
  await expect(invoice).toBeHidden();
  await expect(rent).toContainText('variance $16.13');
  await expect(rent).toContainText('INV-88');
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

  await page.getByLabel('Select L-7 2026-04-01 Rent').check();
  await page.getByRole('button', { name: 'Mark paid' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Paid lines are final');
  await dialog.getByLabel('Payment reference').fill('ACH-5521');
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('1 line marked paid.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Paid' })).toHaveCount(1);

  // The CAM line is voided with a reason: it stays listed, out of the totals.
  const cam = page.getByRole('row').filter({ hasText: 'Charge: cam' });
  await cam.getByRole('button', { name: 'Actions for L-7 2026-04-01 Charge: cam' }).click();
  await page.getByRole('menuitem', { name: 'Void' }).click();
  const voiding = page.getByRole('dialog', { name: 'Void this line?' });
  await voiding.getByRole('button', { name: 'Void' }).click();
  await expect(voiding).toContainText('Say why the line is voided.');
  await voiding.getByLabel('Reason').fill('Landlord bills CAM quarterly');
  await voiding.getByRole('button', { name: 'Void' }).click();
  await expect(page.getByText('Line voided.')).toBeVisible();
  await expect(voiding).toBeHidden();
  await expect(cam).toContainText('Void');
  await expect(cam).toContainText('Landlord bills CAM quarterly');
  await expect(page.getByText('Scheduled $10,000 · to pay $10,016.13 · paid $10,016.13')).toBeVisible();
  await screenshot(page, 'payables-paid');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cam).toContainText('Void');
  await expectFitsWidth(page);
  await screenshot(page, 'payables-phone');
});
