import { expect, test } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

const CSV = [
  'Location,Store #,Brand,Brand name,Town',
  'Riverside,R-1,AB,Alpha Burgers,Austin',
  'Hillcrest,R-2,AB,Alpha Burgers,Dallas',
  'Nowhere,R-3,OM,Omega Pizza,Houston',
].join('\n');

test('a manager imports a stores CSV: fixes the mapping, skips the one bad row, downloads the error report and undoes the import', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Ivy Importer', email: uniqueEmail('import') });
  await apiCall(page.request, 'POST', '/brands', { name: 'Alpha Burgers' });

  await page.goto('/import');
  await expect(page.getByRole('heading', { name: 'What are you importing?' })).toBeVisible();
  await screenshot(page, 'import-types');
  await page.goto('/stores');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page).toHaveURL(/\/import\/stores$/);
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(page.getByText('stores.csv · 5 columns')).toBeVisible();

  // Headers were matched by name and synonym; "Town" is not a word we know, so the user maps it.
  await expect(page.getByLabel(/^Name/)).toHaveValue('Location');
  await expect(page.getByLabel('Store number')).toHaveValue('Store #');
  await expect(page.getByLabel(/^Brand/)).toHaveValue('Brand');
  await page.getByLabel('City').selectOption('Town');

  // The brand codes match no brand: every row shows why, under the cell.
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('3 rows in the file. 3 of the rows shown have errors.')).toBeVisible();
  await expect(page.getByText('No brand named “AB” was found.').first()).toBeVisible();

  // Fixed mapping: only the Omega row is left wrong.
  await page.getByLabel(/^Brand/).selectOption('Brand name');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('3 rows in the file. 1 of the rows shown has errors.')).toBeVisible();
  await expect(page.getByText('No brand named “Omega Pizza” was found.')).toBeVisible();
  await page.getByLabel(/Skip invalid rows/).check();
  await screenshot(page, 'import-preview');
  await page.getByRole('button', { name: 'Import 3 rows' }).click();

  await expect(
    page.getByText('Import complete: 2 created, 0 updated, 1 skipped. 1 invalid row was skipped.'),
  ).toBeVisible();
  await screenshot(page, 'import-result');
  const report = page.getByRole('link', { name: 'Download the error report' }).first();
  const csv = await (await page.request.get((await report.getAttribute('href'))!)).text();
  expect(csv).toContain('4,Brand name,Omega Pizza,No brand named “Omega Pizza” was found.');

  await page.getByRole('link', { name: 'View stores' }).click();
  await expect(page.getByRole('row', { name: /Riverside/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Hillcrest/ })).toBeVisible();

  // Undo from the list of past imports.
  await page.goto('/import');
  await expect(page.getByRole('cell', { name: 'stores.csv' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo this import' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText('The import of stores.csv was undone.')).toBeVisible();
  await expect(page.getByRole('row', { name: /stores\.csv/ }).getByText('Undone')).toBeVisible();
  await page.goto('/stores');
  await expect(page.getByRole('heading', { name: 'No stores yet' })).toBeVisible();
});
