import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures';
import { apiCall, chooseOption, expectFitsWidth, registerViaApi, screenshot, uniqueEmail } from '../support';

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
  await chooseOption(page, page.getByRole('option', { name: 'Hilltop Dining Inc' }));
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
  await expectFitsWidth(page);
  await screenshot(page, 'territory-phone');
});

test('the contract’s radius is shown beside the mapped territory and starts the radius field', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Radius Desk', email: uniqueEmail('radius') });
  const brand = await apiCall(page.request, 'POST', '/brands', { name: 'Pita Point' });
  const agreement = await apiCall(page.request, 'POST', '/agreements', {
    brand_id: brand.id,
    agreement_number: 'PP-7',
    territory_radius_miles: 5,
  });

  await page.goto(`/agreements/${agreement.id}`);
  const territory = page.locator('#territory');
  await expect(territory.getByTestId('territory-contract-radius')).toHaveText(
    'The contract’s terms state a radius of 5 miles; the mapped territory is what overlaps are computed from.',
  );
  await expect(territory.getByLabel('Radius', { exact: true })).toHaveValue('5');
  await expect(territory.getByLabel('Unit')).toHaveValue('mi');
  await expect(territory.getByText('The contract states 5 miles.')).toBeVisible();
  await territory.getByLabel('Centre latitude').fill('41.8781');
  await territory.getByLabel('Centre longitude').fill('-87.6298');
  await territory.getByRole('button', { name: 'Save territory' }).click();
  await expect(page.getByText('Territory saved.')).toBeVisible();
  await expect(territory.getByTestId('territory-figure')).toHaveText(
    'Radius 5 mi around 41.8781, -87.6298, great-circle, Earth radius 6,371 km',
  );
  await expect(territory.getByText('The mapped radius differs from it.')).toHaveCount(0);
  await expect(page.getByText('Territory saved.')).toBeHidden();

  // Mapped in kilometres to something else than the contract's words: the page says so.
  await territory.getByLabel('Radius', { exact: true }).fill('10');
  await territory.getByLabel('Unit').selectOption('km');
  await territory.getByRole('button', { name: 'Save territory' }).click();
  await expect(page.getByText('Territory saved.')).toBeVisible();
  await expect(territory.getByTestId('territory-contract-radius')).toContainText(
    'The mapped radius differs from it.',
  );
  await expect(page.getByText('Territory saved.')).toBeHidden();
  // Axe reads the page at rest, not with the pointer still hovering the button just clicked.
  await page.mouse.move(0, 0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'territory-contract-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'territory-contract-phone');
});

test('a polygon territory is drawn on the map by clicking, kept on reload and flagged against the exclusive one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Draw Desk', email: uniqueEmail('draw') });
  const brand = await apiCall(page.request, 'POST', '/brands', { name: 'Soup Spot' });
  const west = await apiCall(page.request, 'POST', '/agreements', {
    brand_id: brand.id,
    agreement_number: 'SS-WEST',
    territory_exclusive: true,
  });
  const east = await apiCall(page.request, 'POST', '/agreements', {
    brand_id: brand.id,
    agreement_number: 'SS-EAST',
  });
  // An exclusive radius around the point the drawing map opens on.
  await apiCall(page.request, 'PUT', `/agreements/${west.id}/territory`, {
    kind: 'radius',
    center: { lat: 39.8283, lng: -98.5795 },
    radius: 50,
    radius_unit: 'mi',
  });

  await page.goto(`/agreements/${east.id}`);
  const territory = page.locator('#territory');
  await territory.getByLabel('Shape').selectOption('polygon');
  const map = territory.getByTestId('territory-draw-map');
  await expect(map).toBeVisible();
  const box = (await map.boundingBox())!;
  const at = (dx: number, dy: number) => ({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
  // A triangle around the map's centre, and a fourth click taken back with Undo.
  await map.click(at(-60, 40));
  await map.click(at(60, 40));
  await map.click(at(0, -50));
  await expect(territory.getByText('3 points', { exact: true })).toBeVisible();
  await map.click(at(150, -100));
  await expect(territory.getByText('4 points', { exact: true })).toBeVisible();
  await territory.getByRole('button', { name: 'Undo' }).click();
  await expect(territory.getByText('3 points', { exact: true })).toBeVisible();
  await expect(territory.getByLabel('Polygon points')).toHaveValue(/^[-\d., ]+\n[-\d., ]+\n[-\d., ]+$/);
  await territory.getByRole('button', { name: 'Save territory' }).click();
  await expect(page.getByText('Territory saved.')).toBeVisible();

  await page.reload();
  await expect(territory.getByTestId('territory-figure')).toHaveText(
    'Polygon of 3 points; distances great-circle, Earth radius 6,371 km',
  );
  await expect(territory.getByRole('link', { name: /Agreement SS-WEST \(exclusive\)/ })).toBeVisible();
  await expect(territory.getByText('3 points', { exact: true })).toBeVisible();
  await page.mouse.move(0, 0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'territory-draw-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'territory-draw-phone');
});
