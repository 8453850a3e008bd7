import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('a transfer is requested, approved and completed, and the store shows its ownership history', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Transfer Desk', email: uniqueEmail('transfer') });
  const seller = await apiCall(page.request, 'POST', '/companies', {
    name: 'Lakeside Foods LLC',
    kind: 'franchisee',
  });
  await apiCall(page.request, 'POST', '/companies', { name: 'Hilltop Dining Inc', kind: 'franchisee' });
  const brand = await apiCall(page.request, 'POST', '/brands', { name: 'Bagel Barn' });
  const store = await apiCall(page.request, 'POST', '/stores', {
    name: 'Bagel Barn Elm St',
    brand_id: brand.id,
    company_id: seller.id,
  });
  const agreement = await apiCall(page.request, 'POST', '/agreements', {
    brand_id: brand.id,
    franchisee_id: seller.id,
    store_ids: [store.id],
    agreement_number: 'BB-101',
    status: 'open',
    transfer_fee: 15000,
  });

  await page.goto(`/agreements/${agreement.id}`);
  const transfers = page.locator('#transfers');
  await expect(transfers.getByText('No transfers of this agreement yet.')).toBeVisible();
  await transfers.getByRole('combobox', { name: 'New franchisee' }).fill('Hilltop');
  await page.getByRole('option', { name: 'Hilltop Dining Inc' }).click();
  await expect(transfers.getByLabel('Transfer fee ($)')).toHaveValue('15000');
  await transfers.getByLabel('Effective date').fill('2026-01-15');
  await transfers.getByRole('button', { name: 'Request transfer' }).click();
  await expect(page.getByText('Transfer requested.')).toBeVisible();
  const row = transfers.getByRole('row', { name: /Hilltop Dining Inc/ });
  await expect(row).toContainText('$15,000');
  await expect(row).toContainText('Requested');

  await row.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Transfer approved.')).toBeVisible();
  await expect(row).toContainText('Approved');

  await row.getByRole('button', { name: 'Complete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Hilltop Dining Inc becomes the franchisee');
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('Transfer completed.')).toBeVisible();
  await expect(row).toContainText('Completed');
  await expect(row.getByRole('button')).toHaveCount(0);
  // Axe reads the page without the passing toast over it.
  await expect(page.getByText('Transfer completed.')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Hilltop Dining Inc' }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'transfers-desktop');

  await page.goto(`/stores/${store.id}`);
  const history = page.locator('#ownership');
  await expect(history.getByRole('row', { name: /Lakeside Foods LLC/ })).toContainText('Before the history');
  await expect(history.getByRole('row', { name: /Lakeside Foods LLC/ })).toContainText('Jan 14, 2026');
  const current = history.getByRole('row', { name: /Hilltop Dining Inc/ });
  await expect(current).toContainText('Jan 15, 2026');
  await expect(current).toContainText('Now');
  await expect(current.getByRole('link', { name: 'Agreement BB-101' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'ownership-phone');
});

test('two overlapping exclusive territories of one brand are flagged on both agreements', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Territory Desk', email: uniqueEmail('territory') });
  const brand = await apiCall(page.request, 'POST', '/brands', { name: 'Taco Tower' });
  const north = await apiCall(page.request, 'POST', '/agreements', {
    brand_id: brand.id,
    agreement_number: 'TT-NORTH',
    territory_exclusive: true,
  });
  const south = await apiCall(page.request, 'POST', '/agreements', {
    brand_id: brand.id,
    agreement_number: 'TT-SOUTH',
    territory_exclusive: true,
  });
  await apiCall(page.request, 'PUT', `/agreements/${north.id}/territory`, {
    kind: 'radius',
    center: { lat: 32.7767, lng: -96.797 },
    radius: 5,
    radius_unit: 'mi',
  });

  await page.goto(`/agreements/${south.id}`);
  const territory = page.locator('#territory');
  await expect(territory.getByText('No territory mapped yet.')).toBeVisible();
  await territory.getByLabel('Shape').selectOption('polygon');
  // A stray line is refused before anything is sent.
  await territory.getByLabel('Polygon points').fill('32.70, -96.85\nnorth-ish');
  await territory.getByRole('button', { name: 'Save territory' }).click();
  await expect(territory.getByText('Line 2 is not “latitude, longitude”.')).toBeVisible();
  await territory
    .getByLabel('Polygon points')
    .fill('32.70, -96.85\n32.70, -96.75\n32.76, -96.75\n32.76, -96.85\n32.70, -96.85');
  await territory.getByRole('button', { name: 'Save territory' }).click();
  await expect(page.getByText('Territory saved.')).toBeVisible();
  await expect(territory.getByText('Overlaps another territory of this brand')).toBeVisible();
  await expect(territory.getByRole('link', { name: /Agreement TT-NORTH \(exclusive\)/ })).toBeVisible();
  await expect(territory.getByTestId('territory-figure')).toHaveText(
    'Polygon of 4 points; distances great-circle, Earth radius 6,371 km',
  );
  await expect(territory.getByRole('region', { name: 'Map of the territory' })).toBeVisible();
  await expect(page.getByText('Territory saved.')).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'territory-desktop');

  await page.goto(`/agreements/${north.id}`);
  await expect(territory.getByTestId('territory-figure')).toHaveText(
    'Radius 5 mi around 32.7767, -96.797, great-circle, Earth radius 6,371 km',
  );
  await expect(territory.getByRole('link', { name: /Agreement TT-SOUTH \(exclusive\)/ })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await screenshot(page, 'territory-phone');
});
