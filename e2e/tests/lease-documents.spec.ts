import { expect, test } from '../fixtures';
import { apiCall, chooseOption, registerViaApi, screenshot, uniqueEmail } from '../support';

test('a lease amendment uploaded on the lease page is linked to the lease; an older store document is linked to it from the documents list', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerViaApi(page.request, { name: 'Dora Docs', email: uniqueEmail('lease-docs') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Maple Court Bakery' });
  const lease = await apiCall(page.request, 'POST', '/leases', {
    store_id: store.id,
    reference: 'MC-12',
    status: 'active',
  });

  await page.goto(`/leases/${lease.id}`);
  await expect(page.getByText('No documents attached')).toBeVisible();
  await page.getByTestId('drop-zone-input').setInputFiles({
    name: 'MC-12 first amendment.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('First amendment: rent abatement for March.'),
  });
  await expect(
    page.getByRole('table', { name: /Documents of/ }).getByText(/MC-12 first amendment/),
  ).toBeVisible();
  await expect(page.getByText('No documents attached')).toHaveCount(0);
  await screenshot(page, 'lease-documents-desktop');

  // The signed lease was filed on the store before the lease record existed.
  const state = await page.request.storageState();
  const token = decodeURIComponent(state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const older = await page.request.post(`/app/api/v1/stores/${store.id}/documents`, {
    multipart: {
      file: {
        name: 'MC-12 signed lease.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Lease MC-12, signed in 2019.'),
      },
    },
    headers: { 'X-XSRF-TOKEN': token },
  });
  expect(older.status(), await older.text()).toBe(201);

  await page.goto('/documents');
  await page.getByRole('checkbox', { name: 'Select MC-12 signed lease.txt' }).check();
  await page.getByRole('button', { name: 'Link to record' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Link to a record' });
  await linkDialog.getByLabel('Record type').selectOption('leases');
  await linkDialog.getByRole('combobox', { name: 'Record', exact: true }).fill('MC-12');
  await chooseOption(page, page.getByRole('option', { name: 'MC-12 — Maple Court Bakery' }));
  await linkDialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(
    page
      .getByRole('row', { name: /MC-12 signed lease/ })
      .getByRole('link', { name: 'Lease MC-12 — Maple Court Bakery' }),
  ).toBeVisible();

  const row = page.getByRole('row', { name: /MC-12 first amendment/ });
  await expect(row.getByRole('link', { name: 'Lease MC-12 — Maple Court Bakery' })).toBeVisible();
  await row.getByRole('link', { name: 'Lease MC-12 — Maple Court Bakery' }).click();
  await expect(page).toHaveURL(new RegExp(`/leases/${lease.id}$`));
});
