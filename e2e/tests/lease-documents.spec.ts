import { expect, test } from '@playwright/test';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

test('a lease amendment uploaded on the lease page is linked to the lease and found from the documents list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerViaApi(page.request, { name: 'Dora Docs', email: uniqueEmail('lease-docs') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Maple Court Bakery' });
  const lease = await apiCall(page.request, 'POST', '/leases', { store_id: store.id, reference: 'MC-12', status: 'active' });

  await page.goto(`/leases/${lease.id}`);
  await expect(page.getByText('No documents attached')).toBeVisible();
  await page.getByTestId('drop-zone-input').setInputFiles({ name: 'MC-12 first amendment.txt', mimeType: 'text/plain', buffer: Buffer.from('First amendment: rent abatement for March.') });
  await expect(page.getByRole('table', { name: /Documents of/ }).getByText(/MC-12 first amendment/)).toBeVisible();
  await expect(page.getByText('No documents attached')).toHaveCount(0);
  await screenshot(page, 'lease-documents-desktop');

  await page.goto('/documents');
  const row = page.getByRole('row', { name: /MC-12 first amendment/ });
  await expect(row.getByRole('link', { name: 'Lease MC-12 — Maple Court Bakery' })).toBeVisible();
  await row.getByRole('link', { name: 'Lease MC-12 — Maple Court Bakery' }).click();
  await expect(page).toHaveURL(new RegExp(`/leases/${lease.id}$`));
});
