import { expect, test, type Page } from '../fixtures';
import { linkFromMail } from '../mail';
import { apiCall, chooseOption, logIn, registerViaApi, screenshot, uniqueEmail } from '../support';

const DESKTOP = { width: 1440, height: 900 };
/** A 1×1 PNG: enough for the image endpoint to accept and resize. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const MOBILE = { width: 390, height: 844 };

/** Picks a related record in a combobox picker by typing part of its name. */
async function pick(page: Page, label: string, typed: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).fill(typed);
  await chooseOption(page, page.getByRole('option', { name: option }));
}

/** A new team's owner on a desktop-sized page: where each test of the record journey starts. */
async function startAsOwner(page: Page, prefix: string) {
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Rhea Records', email: uniqueEmail(prefix) });
}

// The record journey is three tests, each starting from data made through the API, so no one of them holds a whole
// minute of form filling on a busy machine.
test('a manager creates a company, a brand and a store from the forms, with the operating company made inline', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await startAsOwner(page, 'records');

  // Company: empty list first, then the create page.
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: 'No companies yet' })).toBeVisible();
  await page.getByRole('link', { name: 'New company' }).first().click();
  await expect(page).toHaveURL(/\/companies\/create$/);
  await page.getByRole('button', { name: 'New company' }).click();
  await expect(page.getByText('The name field is required.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Acme Franchising');
  await page.getByLabel('Kind').selectOption('franchisor');
  await page.getByLabel('Phone').fill('212 555 1234 x12');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State / region').fill('TX');
  await page.getByRole('button', { name: 'New company' }).click();
  await expect(page).toHaveURL(/\/companies\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Acme Franchising' })).toBeVisible();
  await expect(page.getByText('(212) 555-1234 ext. 12')).toBeVisible();

  // Brand: created in a dialog from the brands list, with the company picked by name.
  await page.goto('/brands');
  await page.getByRole('button', { name: 'New brand' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('Acme Burgers');
  await pick(page, 'Company', 'Acme', 'Acme Franchising');
  await dialog.getByRole('button', { name: 'New brand' }).click();
  await expect(page).toHaveURL(/\/brands\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Acme Burgers' })).toBeVisible();

  // Store under the brand; its operating company is created inline from the picker.
  await page.goto('/stores/create');
  await page.getByLabel('Name', { exact: true }).fill('Acme Burgers Downtown');
  await page.getByLabel('Store number').fill('AB-001');
  await pick(page, 'Brand', 'Acme', 'Acme Burgers');
  await pick(page, 'Operating company', 'Newco Holdings', 'Create “Newco Holdings”');
  await expect(page.getByRole('combobox', { name: 'Operating company', exact: true })).toHaveValue(
    'Newco Holdings',
  );
  await page.getByLabel('Status').selectOption('open');
  await page.getByLabel('City').fill('Austin');
  await page.getByRole('button', { name: 'New store' }).click();
  await expect(page).toHaveURL(/\/stores\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Acme Burgers Downtown' })).toBeVisible();
  // The company is named twice once the page has loaded: as the store's operator, and in its ownership history.
  await expect(page.getByRole('definition').getByRole('link', { name: 'Newco Holdings' })).toBeVisible();
  await expect(page.locator('#ownership').getByRole('link', { name: 'Newco Holdings' })).toBeVisible();
});

test('a store’s picture, notes, unsaved-changes guard and activity', async ({ page }) => {
  test.setTimeout(60_000);
  await startAsOwner(page, 'records-store');
  const store = await apiCall(page.request, 'POST', '/stores', {
    name: 'Acme Burgers Downtown',
    status: 'open',
  });
  await page.goto(`/stores/${store.id}/related`);
  await expect(page.getByRole('heading', { name: 'Acme Burgers Downtown' })).toBeVisible();

  // Picture upload from the header (multipart with the CSRF header), with the initials replaced.
  await page
    .getByTestId('image-input')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
  await expect(page.getByText('Image updated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove image' })).toBeVisible();

  // Notes: a manager adds one; it is listed newest first.
  await page.getByRole('link', { name: 'Notes' }).click();
  await page.getByLabel('Add a note').fill('Lease renewal talks start in May.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Lease renewal talks start in May.')).toBeVisible();

  // Editing warns about unsaved changes before leaving, then the activity tab shows the change.
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Acme Burgers Downtown Austin');
  await page.getByRole('link', { name: 'Stores' }).first().click();
  await expect(page.getByText('Discard unsaved changes?')).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'Acme Burgers Downtown Austin' })).toBeVisible();
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByText('Acme Burgers Downtown Austin').last()).toBeVisible();
  await expect(page.getByText(/updated/).first()).toBeVisible();
});

test('a contact at the franchisor shows on the company’s Related tab; global search opens a store from the keyboard', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await startAsOwner(page, 'records-contact');
  const company = await apiCall(page.request, 'POST', '/companies', {
    name: 'Acme Franchising',
    kind: 'franchisor',
  });
  const brand = await apiCall(page.request, 'POST', '/brands', {
    name: 'Acme Burgers',
    company_id: company.id,
  });
  await apiCall(page.request, 'POST', '/stores', { name: 'Acme Burgers Downtown', brand_id: brand.id });

  // Contact at the franchisor.
  await page.goto('/contacts/create');
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await pick(page, 'Company', 'Acme', 'Acme Franchising');
  await page.getByLabel('Email').fill('jane.doe@example.test');
  await page.getByRole('button', { name: 'New contact' }).click();
  await expect(page).toHaveURL(/\/contacts\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Jane Doe' })).toBeVisible();

  // The company's related tab lists the brand and the contact.
  await page.goto('/companies');
  await page.getByRole('row', { name: /Acme Franchising/ }).click();
  await page.getByRole('link', { name: 'Related' }).click();
  await expect(page.getByRole('row', { name: /Acme Burgers/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Jane Doe/ })).toBeVisible();

  // Global search: `/` focuses the box, arrows and Enter open the result.
  await page.locator('body').press('/');
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused();
  await page.keyboard.type('Downtown');
  await expect(page.getByRole('option', { name: /Acme Burgers Downtown/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/stores\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Acme Burgers Downtown' })).toBeVisible();
});

test('the stores list filters, sorts and keeps its state in the URL; a deleted store comes back with Undo', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Sam Stores', email: uniqueEmail('stores') });
  const request = page.request;
  const company = await apiCall(request, 'POST', '/companies', { name: 'Orbit Foods', kind: 'franchisor' });
  const brand = await apiCall(request, 'POST', '/brands', { name: 'Orbit Pizza', company_id: company.id });
  await apiCall(request, 'POST', '/stores', {
    name: 'Orbit Pizza Austin',
    brand_id: brand.id,
    status: 'open',
    city: 'Austin',
  });
  await apiCall(request, 'POST', '/stores', {
    name: 'Orbit Pizza Boston',
    brand_id: brand.id,
    status: 'planned',
    city: 'Boston',
  });
  await apiCall(request, 'POST', '/stores', { name: 'Corner Shop', status: 'open', city: 'Chicago' });

  await page.goto('/stores');
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(4);

  // Status filter (multi-select), then the brand filter searched by name.
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Open', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=open/);
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('row', { name: /Orbit Pizza Boston/ })).toHaveCount(0);

  await filters.getByRole('button', { name: 'Brand', exact: true }).click();
  await page.getByRole('combobox', { name: 'Search Brand' }).fill('Orbit');
  await page.getByRole('option', { name: 'Orbit Pizza' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`brand_id=${brand.id}`));
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(4);

  // Sortable header: name ascending, then descending; a reload keeps it.
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort=name&direction=asc/);
  await expect(rows.nth(1)).toContainText('Corner Shop');
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/direction=desc/);
  await expect(rows.nth(1)).toContainText('Orbit Pizza Boston');
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.nth(1)).toContainText('Orbit Pizza Boston');

  // The search box is debounced into the URL.
  await page.getByRole('searchbox', { name: 'Search stores' }).fill('Austin');
  await expect(page).toHaveURL(/search=Austin/);
  await expect(rows).toHaveCount(2);

  // Enter on a focused row opens the store; Delete, then Undo from the toast.
  await page.getByRole('row', { name: /Orbit Pizza Austin/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Orbit Pizza Austin' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/stores$/);
  await expect(page.getByText('Orbit Pizza Austin deleted.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Orbit Pizza Austin/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Orbit Pizza Austin restored.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Orbit Pizza Austin/ })).toBeVisible();
});

test('an observer sees the records but no create, edit or delete actions', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const owner = await registerViaApi(page.request, { name: 'Oscar Owner', email: uniqueEmail('obs-owner') });
  const company = await apiCall(page.request, 'POST', '/companies', { name: 'Visible Co' });
  const store = await apiCall(page.request, 'POST', '/stores', {
    name: 'Visible Store',
    company_id: company.id,
  });
  const observerEmail = uniqueEmail('observer');
  await apiCall(page.request, 'POST', `/teams/${owner.team_id}/invitations`, {
    email: observerEmail,
    role: 'observer',
  });
  const link = await linkFromMail(observerEmail, /\/teams\/register\//);
  const token = new URL(link).pathname.split('/').pop()!;

  const context = await browser.newContext({ viewport: DESKTOP });
  const other = await context.newPage();
  await registerViaApi(other.request, { name: 'Olga Observer', email: observerEmail, invitation: token });

  await other.goto('/stores');
  await expect(other.getByRole('row', { name: /Visible Store/ })).toBeVisible();
  await expect(other.getByRole('link', { name: 'New store' })).toHaveCount(0);
  await expect(other.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await other.getByRole('row', { name: /Visible Store/ }).click();
  await expect(other.getByRole('heading', { name: 'Visible Store' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Upload image' })).toHaveCount(0);
  await other.getByRole('link', { name: 'Notes' }).click();
  await expect(other.getByLabel('Add a note')).toHaveCount(0);

  await other.goto('/brands');
  await expect(other.getByRole('button', { name: 'New brand' })).toHaveCount(0);
  await other.goto(`/companies/${company.id}`);
  await expect(other.getByRole('heading', { name: 'Visible Co' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  // The create page is a "manage" page: observers get 403.
  await other.goto('/companies/create');
  await expect(other.getByText('You are not allowed to see this page')).toBeVisible();
  expect(store.id).toBeGreaterThan(0);
  await context.close();
});

test('lists, detail pages and the audit log look right on desktop and mobile (screenshots)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, 'demo@storekeep.test', 'storekeep-demo');
  const firstId = async (path: string) =>
    (await apiCall<Array<{ id: number }>>(page.request, 'GET', path))[0]!.id;
  // Records with something to show: a franchisor (brands), a brand (stores), an open store (contacts).
  const ids: Record<string, number> = {
    companies: await firstId('/companies?per_page=1&filters[kind]=franchisor'),
    brands: await firstId('/brands?per_page=1&sort=name'),
    stores: await firstId('/stores?per_page=1&filters[status]=open'),
    contacts: await firstId('/contacts?per_page=1&sort=last_name'),
  };

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const type of ['companies', 'brands', 'stores', 'contacts']) {
      await page.goto(`/${type}`);
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await screenshot(page, `records-${type}-list-${label}`);
      await page.goto(`/${type}/${ids[type]}`);
      await expect(page.getByRole('navigation', { name: 'Record sections' })).toBeVisible();
      await screenshot(page, `records-${type}-detail-${label}`);
    }
    await page.goto(`/companies/${ids.companies}/related`);
    await expect(page.getByRole('heading', { name: /^Brands/ })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await screenshot(page, `records-company-related-${label}`);
    await page.goto(`/stores/${ids.stores}/edit`);
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
    await screenshot(page, `records-store-form-${label}`);
    await page.goto('/activities');
    await expect(page.getByRole('heading', { name: 'Audit logs' })).toBeVisible();
    await screenshot(page, `records-activities-${label}`);
  }
});

test('a website typed without https:// is completed, and the history names the brand picked, not its id', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Hana History', email: uniqueEmail('history') });
  await apiCall(page.request, 'POST', '/brands', { name: 'Harbor Grill' });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Pier 9' });

  await page.goto('/companies/create');
  await page.getByLabel('Name', { exact: true }).fill('Harbor Holdings');
  await page.getByLabel('Website').fill('harbor.test');
  await page.getByRole('button', { name: 'New company' }).click();
  await expect(page).toHaveURL(/\/companies\/\d+$/);
  await expect(page.getByRole('link', { name: 'harbor.test' })).toHaveAttribute(
    'href',
    'https://harbor.test/',
  );

  await page.goto(`/stores/${store.id}/edit`);
  await pick(page, 'Brand', 'Harbor', 'Harbor Grill');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}$`));
  await page.goto(`/stores/${store.id}/activity`);
  const change = page.getByRole('term').filter({ hasText: 'Brand' }).locator('xpath=following-sibling::dd');
  await expect(change).toHaveText('—Harbor Grill');
});
