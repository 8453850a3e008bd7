import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, test, type Locator } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

const figure = (year: Locator, label: string) => year.getByText(label, { exact: true }).locator('xpath=..');

const STATEMENT = [
  'Category,Amount,Controllable,Lease year,Statement date',
  'Landscaping,"$4,200.00",yes,1,2025-02-01',
  'Snow removal,1800,yes,1,2025-02-01',
  'Real estate taxes,6000,no,1,2025-02-01',
].join('\n');

/** The landlord's statement as a small real PDF, made in the test (no binary fixtures in the repo). */
async function statementPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText('CAM reconciliation 2024', { x: 50, y: 740, size: 12, font });
  return Buffer.from(await pdf.save());
}

test('the CAM tab imports a landlord statement file: row errors first, then the variance', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Cam Importer', email: uniqueEmail('cam-import') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Grill Plano' });
  const lease = await apiCall(page.request, 'POST', '/leases', {
    store_id: store.id,
    reference: 'HG-PLN-1',
    status: 'active',
    commencement_date: '2024-01-01',
    expiration_date: '2028-12-31',
    charges: [{ kind: 'cam', monthly_amount: 1000, estimated: true }],
  });

  await page.goto(`/leases/${lease.id}?tab=cam`);
  await page.getByRole('button', { name: 'Import statement file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a landlord statement' });
  await expect(dialog.getByRole('link', { name: 'CSV' })).toHaveAttribute(
    'href',
    `/app/api/v1/leases/${lease.id}/cam/statements/template?format=csv`,
  );

  // A file with a repeated category and a wrong amount: the preview names the rows, Import stays off.
  const broken = `${STATEMENT}\nLandscaping,12.345,yes,1,2025-02-01`;
  await dialog
    .getByTestId('cam-import-file')
    .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('1 row needs fixing')).toBeVisible();
  await expect(dialog.getByText('This category is already on row 2: one line per category.')).toBeVisible();
  await expect(dialog.getByText('The amount may have at most two decimals.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import statement' })).toBeDisabled();
  await screenshot(page, 'cam-import-errors-desktop', { fullPage: false });

  await dialog
    .getByTestId('cam-import-file')
    .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) });
  await dialog.getByTestId('cam-import-document').setInputFiles({
    name: 'cam-2024.pdf',
    mimeType: 'application/pdf',
    buffer: await statementPdf(),
  });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('3 lines ready to import')).toBeVisible();
  // 12,000 actual against 12,000 of estimates from the charges.
  await expect(dialog.getByTestId('cam-import-variance')).toHaveText('$0');
  await screenshot(page, 'cam-import-dialog-desktop', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'cam-import-dialog-phone', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  await dialog.getByRole('button', { name: 'Import statement' }).click();
  await expect(page.getByText('CAM statement imported.').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const year1 = page.getByRole('listitem', { name: 'Lease year 1', exact: true });
  await expect(figure(year1, 'Actual (statement)')).toContainText('$12,000');
  await expect(figure(year1, 'Actual (statement)')).toContainText('$6,000 controllable');
  await expect(figure(year1, 'Variance')).toContainText('$0');
  await expect(year1.getByRole('link', { name: 'cam-2024.pdf' })).toBeVisible();
  await year1.getByText('Statement lines (3)').click();
  await expect(year1.getByText('Snow removal')).toBeVisible();

  // Estimates of 11,000 entered with a second import of the same year: the tenant owes 1,000.
  await page.getByRole('button', { name: 'Import statement file' }).click();
  await dialog
    .getByTestId('cam-import-file')
    .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) });
  await dialog.getByLabel('Estimates paid ($)').fill('11000');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('cam-import-variance')).toHaveText('$1,000');
  await dialog.getByRole('button', { name: 'Import statement' }).click();
  await expect(dialog).toBeHidden();
  await expect(figure(year1, 'Variance')).toContainText('$1,000');
  await expect(figure(year1, 'Variance')).toContainText('The tenant owes');
  await expect(figure(year1, 'Audit window closes')).toContainText('—');
});

test('a team default for percentage rent years moves a lease that leaves it to the team, named as such', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Pat Defaults', email: uniqueEmail('team-defaults') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Grill Frisco' });
  const lease = await apiCall(page.request, 'POST', '/leases', {
    store_id: store.id,
    reference: 'PR-TEAM-1',
    status: 'active',
    commencement_date: '2024-01-01',
    rent_commencement_date: '2024-03-15',
    expiration_date: '2029-12-31',
    percentage_rent_rate: 6,
    rent_schedule: [{ start_date: '2024-03-15', end_date: '2029-12-31', monthly_amount: 8000 }],
  });
  await page.goto(`/leases/${lease.id}?tab=percentage-rent`);
  await expect(page.getByTestId('percentage-readings')).toContainText(
    'Lease years start at Rent commencement (team default)',
  );
  await expect(page.getByRole('listitem', { name: 'Lease year 1', exact: true })).toContainText(
    'Mar 15, 2024',
  );

  await page.goto('/account/team');
  await page.getByLabel('Percentage rent: lease years start at').selectOption('commencement');
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expect(page.getByText('Reminder settings saved.')).toBeVisible();
  await page.getByLabel('Percentage rent: lease years start at').scrollIntoViewIfNeeded();
  await screenshot(page, 'team-money-defaults-desktop', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Percentage rent: lease years start at').scrollIntoViewIfNeeded();
  await screenshot(page, 'team-money-defaults-phone', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto(`/leases/${lease.id}?tab=percentage-rent`);
  await expect(page.getByTestId('percentage-readings')).toContainText(
    'Lease years start at Lease commencement (team default)',
  );
  await expect(page.getByRole('listitem', { name: 'Lease year 1', exact: true })).toContainText(
    'Jan 1, 2024',
  );
  // Choosing the reading on the lease makes it this lease's own.
  await page.getByLabel('Lease years start at').selectOption('rent_commencement');
  await page.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByTestId('percentage-readings')).toContainText(
    'Lease years start at Rent commencement (this lease)',
  );
});
