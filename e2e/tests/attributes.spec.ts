import fs from 'node:fs';
import { expect, test } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail, uploadViaApi } from '../support';

const DESKTOP = { width: 1440, height: 900 };

test('an admin adds a custom attribute and sees it on the form, detail page, list, filter and export', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Ada Attributes', email: uniqueEmail('attributes') });

  // The profile menu leads to /account/attributes (admins only).
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Attributes' }).click();
  await expect(page).toHaveURL(/\/account\/attributes$/);
  await expect(page.getByRole('heading', { name: 'No attributes yet' })).toBeVisible();

  // A required single select with two options, made in the dialog.
  await page.getByRole('button', { name: 'Add attribute' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Label').fill('Loyalty tier');
  await dialog.getByLabel('Type').selectOption('select');
  await dialog.getByRole('button', { name: 'Add attribute' }).click();
  await expect(dialog.getByText('The options field is required for a select.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await dialog.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Gold');
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await dialog.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Silver');
  await dialog.getByLabel('Required').check();
  await dialog.getByRole('button', { name: 'Add attribute' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('loyalty_tier')).toBeVisible();
  // A second one, to see ordering.
  await page.getByRole('button', { name: 'Add attribute' }).click();
  await dialog.getByLabel('Label').fill('Remodel due');
  await dialog.getByLabel('Type').selectOption('date');
  await dialog.getByLabel('Remind before this date, like lease critical dates').check();
  await dialog.getByRole('button', { name: 'Add attribute' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Move Remodel due up' }).click();
  await expect(
    page.getByRole('list', { name: 'Stores attributes' }).getByRole('listitem').first(),
  ).toContainText('Remodel due');
  await screenshot(page, 'attributes-admin');

  // The store form shows them with their rules.
  await page.goto('/stores/create');
  await expect(page.getByRole('heading', { name: 'Custom fields' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Downtown');
  await page.getByRole('button', { name: 'New store' }).click();
  await expect(page.getByText('The loyalty tier field is required.')).toBeVisible();
  await page.getByLabel('Loyalty tier').selectOption('Gold');
  await page.getByLabel('Remodel due').fill('2027-03-01');
  await screenshot(page, 'attributes-store-form');
  await page.getByRole('button', { name: 'New store' }).click();
  await expect(page).toHaveURL(/\/stores\/\d+$/);
  const custom = page.locator('section', { has: page.getByRole('heading', { name: 'Custom fields' }) });
  await expect(custom.getByText('Gold')).toBeVisible();
  await expect(custom.getByText('Loyalty tier')).toBeVisible();

  await apiCall(page.request, 'POST', '/stores', { name: 'Uptown', attributes: { loyalty_tier: 'Silver' } });

  // The list shows the column, filters by it, and exports what it shows.
  await page.goto('/stores');
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('columnheader', { name: 'Loyalty tier' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Uptown/ })).toContainText('Silver');
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Loyalty tier' }).click();
  await page.getByRole('option', { name: 'Gold', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/attr\.loyalty_tier=Gold/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Uptown/ })).toHaveCount(0);
  await page.getByRole('heading', { name: 'Stores', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Gold', exact: true })).toBeHidden();
  await screenshot(page, 'attributes-store-list');

  // Sorting by the attribute's column header.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('button', { name: 'Loyalty tier' }).last().click();
  await expect(page).toHaveURL(/sort=attr\.loyalty_tier&direction=asc/);
  await expect(rows.nth(1)).toContainText('Downtown');

  await filters.getByRole('button', { name: 'Loyalty tier' }).click();
  await page.getByRole('option', { name: 'Gold', exact: true }).click();
  await page.keyboard.press('Escape');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toContain('Remodel due,Loyalty tier');
  expect(csv).toContain('Downtown');
  expect(csv).toContain('2027-03-01,Gold');
  expect(csv).not.toContain('Uptown');
});

test('a lease attribute is edited on the lease form and shown on its page', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Lea Leases', email: uniqueEmail('lease-attributes') });
  await apiCall(page.request, 'POST', '/attributes', {
    subject_type: 'leases',
    label: 'Landlord code',
    type: 'text',
    required: true,
  });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Point' });
  const lease = await apiCall(page.request, 'POST', '/leases', {
    store_id: store.id,
    status: 'active',
    type: 'nnn',
    commencement_date: '2024-01-01',
    expiration_date: '2034-12-31',
    attributes: { landlord_code: 'LL-1' },
  });

  await page.goto(`/leases/${lease.id}/edit`);
  const code = page.getByLabel('Landlord code');
  await expect(code).toHaveValue('LL-1');
  await code.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The landlord code field is required.')).toBeVisible();
  await code.fill('LL-77');
  // The lease page is opened only once the save has been answered: navigating earlier can cancel the request.
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/app/api/v1/leases/${lease.id}`) && response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('The landlord code field is required.')).toBeHidden();
  await expect(code).toHaveValue('LL-77');

  await page.goto(`/leases/${lease.id}`);
  const custom = page.locator('section', { has: page.getByRole('heading', { name: 'Custom fields' }) });
  await expect(custom.getByText('LL-77')).toBeVisible();
});

test('the leases list shows, filters, sorts and exports a lease attribute', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Lou Lists', email: uniqueEmail('lease-attribute-list') });
  await apiCall(page.request, 'POST', '/attributes', {
    subject_type: 'leases',
    label: 'Region',
    type: 'select',
    options: ['East', 'West'],
  });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Point' });
  const lease = (reference: string, region: string) =>
    apiCall(page.request, 'POST', '/leases', {
      store_id: store.id,
      reference,
      status: 'active',
      type: 'nnn',
      commencement_date: '2024-01-01',
      expiration_date: '2034-12-31',
      attributes: { region },
    });
  await lease('L-EAST', 'East');
  await lease('L-WEST', 'West');

  await page.goto('/leases');
  const table = page.getByRole('table');
  await expect(page.getByRole('columnheader', { name: 'Region' })).toBeVisible();
  await expect(table.getByRole('row', { name: /L-WEST/ })).toContainText('West');
  await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'East', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/attr\.region=East/);
  await expect(table.getByRole('row', { name: /L-WEST/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /L-EAST/ })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toMatch(/,Region$/);
  expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual(['East']);

  // Sorting by the attribute's column, both ways.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('button', { name: 'Region' }).last().click();
  await expect(page).toHaveURL(/sort=attr\.region&direction=asc/);
  await expect(table.getByRole('row').nth(1)).toContainText('L-EAST');
  await page.getByRole('button', { name: 'Region' }).last().click();
  await expect(page).toHaveURL(/sort=attr\.region&direction=desc/);
  await expect(table.getByRole('row').nth(1)).toContainText('L-WEST');
  await screenshot(page, 'attributes-lease-list');
});

test('a document attribute is edited in the drawer, shown as a list column, filtered and exported', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Dora Docs', email: uniqueEmail('document-attributes') });
  await apiCall(page.request, 'POST', '/attributes', {
    subject_type: 'documents',
    label: 'Insurer',
    type: 'select',
    options: ['Acme Mutual', 'Zenith'],
  });
  const policy = await uploadViaApi(
    page.request,
    '/documents',
    'policy.txt',
    Buffer.from('Liability policy'),
    { title: 'Liability policy' },
    'text/plain',
  );
  await uploadViaApi(
    page.request,
    '/documents',
    'permit.txt',
    Buffer.from('City permit'),
    { title: 'City permit' },
    'text/plain',
  );

  await page.goto(`/documents?document=${policy.id}`);
  const drawer = page.getByRole('dialog', { name: 'Liability policy' });
  await drawer.getByLabel('Insurer').selectOption('Zenith');
  await drawer.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Document "Liability policy" saved.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  const table = page.getByRole('table', { name: 'Documents' });
  await expect(page.getByRole('columnheader', { name: 'Insurer' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Liability policy/ })).toContainText('Zenith');
  await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Insurer' }).click();
  await page.getByRole('option', { name: 'Zenith', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/attr\.insurer=Zenith/);
  await expect(table.getByRole('row', { name: /City permit/ })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(lines[0]).toMatch(/^ID,Title,.*,Insurer$/);
  expect(lines.slice(1)).toEqual([expect.stringMatching(/^\d+,Liability policy,.*,Zenith$/)]);
  await screenshot(page, 'attributes-document-list');
});
