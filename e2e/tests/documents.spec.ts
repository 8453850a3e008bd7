import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '../fixtures';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { linkFromMail } from '../mail';
import { apiCall, chooseOption, registerViaApi, screenshot, uniqueEmail, uploadViaApi } from '../support';

const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 390, height: 844 };

/** A small real PDF with a text layer, made in the test (no binary fixtures in the repo). */
async function makePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 12, font }));
  return Buffer.from(await pdf.save());
}

/** Drops files on the drop zone the way a browser does: a DataTransfer carried by dragenter/dragover/drop. */
async function dropFiles(page: Page, files: Array<{ name: string; buffer: Buffer }>) {
  const payload = files.map((file) => ({ name: file.name, base64: file.buffer.toString('base64') }));
  const transfer = await page.evaluateHandle((items) => {
    const data = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], item.name, { type: 'application/pdf' }));
    }
    return data;
  }, payload);
  const zone = page.getByTestId('drop-zone');
  for (const type of ['dragenter', 'dragover', 'drop'])
    await zone.dispatchEvent(type, { dataTransfer: transfer });
}

// Opening the PDF in a tab needs the full browser's PDF viewer: the headless shell downloads it instead.
test(
  'a store’s Documents tab: drop two PDFs, find one by its text, open it, add a version, delete it',
  { tag: '@full-browser' },
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await registerViaApi(page.request, { name: 'Dora Documents', email: uniqueEmail('documents') });
    const store = await apiCall(page.request, 'POST', '/stores', {
      name: 'Harbor Street Store',
      status: 'open',
      city: 'Portland',
    });
    const word = `zephyr${randomBytes(3).toString('hex')}`;
    const lease = await makePdf([
      'Lease agreement for Harbor Street',
      `Special clause ${word} applies to the tenant.`,
    ]);
    const insurance = await makePdf(['Certificate of insurance', 'Coverage: general liability']);

    await page.goto(`/stores/${store.id}/documents`);
    await expect(page.getByRole('heading', { name: 'No documents attached' })).toBeVisible();
    await dropFiles(page, [
      { name: 'harbor-lease.pdf', buffer: lease },
      { name: 'harbor-insurance.pdf', buffer: insurance },
    ]);
    const uploads = page.getByRole('region', { name: 'Uploads' });
    await expect(uploads.getByTestId('upload-item')).toHaveCount(2);
    await expect(uploads.getByText('Uploaded', { exact: false })).toHaveCount(2);

    const table = page.getByRole('table', { name: 'Documents of Harbor Street Store' });
    await expect(table.getByRole('row', { name: 'harbor-lease.pdf' })).toBeVisible();
    await expect(table.getByRole('row', { name: 'harbor-insurance.pdf' })).toBeVisible();
    // Text extraction runs in the background: the status moves from "Reading…" to "Text ready".
    await expect(async () => {
      await page.reload();
      await expect(table.getByText('Text ready')).toHaveCount(2, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // The same file again on this store is a 409 with the server's words and an "Upload anyway".
    await page
      .getByTestId('drop-zone-input')
      .setInputFiles({ name: 'harbor-insurance.pdf', mimeType: 'application/pdf', buffer: insurance });
    await expect(page.getByRole('alert').filter({ hasText: 'already attached' })).toBeVisible();
    await page.getByRole('button', { name: 'Upload anyway' }).click();
    await expect(table.getByRole('row', { name: 'harbor-insurance.pdf' })).toHaveCount(2);

    await screenshot(page, 'documents-record-tab-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'documents-record-tab-mobile');
    await page.setViewportSize(DESKTOP);

    // Global search finds the lease by a word that is only inside the PDF; choosing it opens the signed file.
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill(word);
    const option = page.getByRole('option', { name: /harbor-lease\.pdf/ });
    await expect(option).toBeVisible();
    await expect(option).toContainText(word);
    const [popup] = await Promise.all([page.waitForEvent('popup'), option.click()]);
    await expect.poll(() => popup.url()).toMatch(/\/app\/files\/\d+\?expires=\d+&signature=/);
    await popup.close();

    // The drawer: a new version with progress, then delete with the toast of spec §4.
    await table.getByRole('row', { name: 'harbor-lease.pdf' }).click();
    await expect(page).toHaveURL(/[?&]document=\d+/);
    const drawer = page.getByRole('dialog', { name: 'harbor-lease.pdf' });
    await expect(drawer.getByRole('heading', { name: 'Versions' })).toBeVisible();
    await expect(drawer.getByText('Version 1', { exact: true }).first()).toBeVisible();
    await drawer.getByTestId('version-file-input').setInputFiles({
      name: 'harbor-lease-signed.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf(['Lease agreement for Harbor Street', 'Signed by both parties.']),
    });
    await expect(page.getByText('Version 2 uploaded.')).toBeVisible();
    await expect(drawer.getByRole('list', { name: 'Versions' }).getByRole('listitem')).toHaveCount(2);
    await expect(drawer.getByRole('link', { name: 'Download version 1' })).toHaveAttribute(
      'href',
      /\/app\/files\//,
    );
    await screenshot(page, 'documents-drawer-desktop');

    await drawer.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “harbor-lease.pdf”?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Document "harbor-lease.pdf" deleted.')).toBeVisible();
    await expect(page).not.toHaveURL(/document=/);
    await expect(table.getByRole('row', { name: 'harbor-lease.pdf' })).toHaveCount(0);
  },
);

test('the documents list: filters in the URL, bulk category change and linking, drawer metadata, screenshots', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Lena List', email: uniqueEmail('documents-list') });
  const company = await apiCall(page.request, 'POST', '/companies', { name: 'Keystone Holdings' });
  const a = await uploadViaApi(
    page.request,
    '/documents',
    'alpha-permit.pdf',
    await makePdf(['Permit alpha']),
    { title: 'Alpha permit', tags: 'permits,city' },
  );
  await uploadViaApi(page.request, '/documents', 'beta-invoice.pdf', await makePdf(['Invoice beta']), {
    title: 'Beta invoice',
    category: 'financial',
  });
  await uploadViaApi(
    page.request,
    `/companies/${company.id}/documents`,
    'gamma-letter.pdf',
    await makePdf(['Letter gamma']),
    { title: 'Gamma letter' },
  );

  await page.goto('/documents');
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(
    table.getByRole('row', { name: 'Gamma letter' }).getByRole('link', { name: 'Keystone Holdings' }),
  ).toBeVisible();

  // Search over titles, kept in the URL.
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('Beta');
  await expect(page).toHaveURL(/search=Beta/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table.getByRole('row')).toHaveCount(4);

  // Filter by category through its picker.
  await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Financial' }).click();
  await expect(page).toHaveURL(/category=financial/);
  await page.getByRole('heading', { name: 'Documents', level: 1 }).click();
  await expect(page.getByRole('combobox', { name: 'Search Category' })).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // Bulk: select two, change their category, then link them to the company.
  await page.getByRole('checkbox', { name: 'Select Alpha permit' }).check();
  await page.getByRole('checkbox', { name: 'Select Beta invoice' }).check();
  await expect(page.getByText('2 documents selected')).toBeVisible();
  await page.getByRole('button', { name: 'Change category' }).click();
  const categoryDialog = page.getByRole('dialog', { name: 'Change category' });
  await categoryDialog.getByLabel('Category').selectOption('licence_or_permit');
  await categoryDialog.getByRole('button', { name: 'Change category' }).click();
  await expect(page.getByText('Category of 2 documents changed to Licence or permit.')).toBeVisible();
  await expect(table.getByRole('row', { name: 'Beta invoice' })).toContainText('Licence or permit');

  await page.getByRole('checkbox', { name: 'Select Alpha permit' }).check();
  await page.getByRole('button', { name: 'Link to record' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Link to a record' });
  await linkDialog.getByLabel('Record type').selectOption('companies');
  await linkDialog.getByRole('combobox', { name: 'Record', exact: true }).fill('Keystone');
  await chooseOption(page, page.getByRole('option', { name: 'Keystone Holdings' }));
  await linkDialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByText('Linked to Keystone Holdings.')).toBeVisible();
  await expect(
    table.getByRole('row', { name: 'Alpha permit' }).getByRole('link', { name: 'Keystone Holdings' }),
  ).toBeVisible();

  await screenshot(page, 'documents-list-desktop');

  // The drawer by URL: metadata saved with PATCH, a field error from the schema.
  await page.goto(`/documents?document=${a.id}`);
  const drawer = page.getByRole('dialog', { name: /^Alpha/ });
  await expect(drawer.getByLabel('Title')).toHaveValue('Alpha permit');
  await expect(drawer.getByLabel('Tags')).toHaveValue('city, permits');
  await drawer.getByLabel('Effective date').fill('2025-06-01');
  await drawer.getByLabel('Expiration date').fill('2025-01-01');
  await drawer.getByRole('button', { name: 'Save details' }).click();
  await expect(drawer.getByText(/expiration date must be a date after effective date/i)).toBeVisible();
  await drawer.getByLabel('Expiration date').fill('2026-03-31');
  await drawer.getByLabel('Title').fill('Alpha city permit');
  await drawer.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Document "Alpha city permit" saved.')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Keystone Holdings' })).toBeVisible();
  await expect(drawer.locator('iframe')).toHaveAttribute('src', /\/app\/files\//);
  await screenshot(page, 'documents-drawer-list-desktop');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'documents-drawer-mobile');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/document=/);
  await expect(page.getByRole('list', { name: 'Documents' }).getByText('Alpha city permit')).toBeVisible();

  // Expiring-before filter narrows to the permit.
  await page.getByLabel('Expiring before').fill('2026-12-31');
  await expect(page).toHaveURL(/expiring_before=2026-12-31/);
  await expect(page.getByRole('list', { name: 'Documents' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('list', { name: 'Documents' }).getByRole('listitem')).toHaveCount(3);
  await screenshot(page, 'documents-list-mobile');
});

test('an observer sees documents but no upload zone, checkboxes or editing', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const owner = await registerViaApi(page.request, {
    name: 'Olga Owner',
    email: uniqueEmail('documents-owner'),
  });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Quiet Store' });
  const doc = await uploadViaApi(
    page.request,
    `/stores/${store.id}/documents`,
    'readonly.pdf',
    await makePdf(['Read only']),
  );
  const observerEmail = uniqueEmail('documents-observer');
  await apiCall(page.request, 'POST', `/teams/${owner.team_id}/invitations`, {
    email: observerEmail,
    role: 'observer',
  });
  const link = await linkFromMail(observerEmail, /\/teams\/register\//);
  const token = new URL(link).pathname.split('/').pop()!;

  const context = await browser.newContext({ viewport: DESKTOP });
  const other = await context.newPage();
  await registerViaApi(other.request, { name: 'Otto Observer', email: observerEmail, invitation: token });
  await other.goto('/documents');
  await expect(other.getByRole('row', { name: 'readonly.pdf' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Upload files' })).toHaveCount(0);
  await expect(other.getByTestId('drop-zone')).toHaveCount(0);
  await expect(other.getByRole('checkbox')).toHaveCount(0);
  await other.getByRole('row', { name: 'readonly.pdf' }).click();
  const drawer = other.getByRole('dialog', { name: 'readonly.pdf' });
  await expect(drawer.getByLabel('Title')).toBeDisabled();
  await expect(drawer.getByRole('button', { name: 'Open' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Upload new version' })).toHaveCount(0);
  await other.goto(`/stores/${store.id}/documents`);
  await expect(other.getByRole('row', { name: 'readonly.pdf' })).toBeVisible();
  await expect(other.getByTestId('drop-zone')).toHaveCount(0);
  await expect(other.getByRole('button', { name: /Unlink/ })).toHaveCount(0);
  expect(doc.id).toBeGreaterThan(0);
  await context.close();
});
