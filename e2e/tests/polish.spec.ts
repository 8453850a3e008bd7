import fs from 'node:fs';
import { expect, test, type Page } from '../fixtures';
import { apiCall, joinTeam, registerViaApi, screenshot, uniqueEmail } from '../support';

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function showErrorToast(page: Page) {
  await page.route('**/app/api/v1/companies?*', (route) =>
    route.fulfill({ status: 500, json: { message: 'Server Error' } }),
  );
  await page.goto('/companies');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Server Error' });
  await expect(toast).toBeVisible();
  return toast;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a toast never covers the search box or the bell at ${viewport.width}×${viewport.height}`, async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/status of 500/);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request, { name: 'Tess Toast', email: uniqueEmail('toast') });
    const toast = await showErrorToast(page);
    const searchBox = (await page.getByRole('search').boundingBox())!;
    // The sidebar also links to Notifications; the top bar's bell comes after it.
    const bellBox = (await page
      .getByRole('link', { name: /notifications/i })
      .last()
      .boundingBox())!;
    // Where the toast comes to rest: it slides in from above the window.
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return box ? [overlaps(box, searchBox), overlaps(box, bellBox)] : 'gone';
      })
      .toEqual([false, false]);
  });
}

test('on a phone a store’s tabs show that more tabs lie to the side, and a deep link shows its tab', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaApi(page.request, { name: 'Tia Tabs', email: uniqueEmail('tabs') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Riverside', status: 'open' });

  await page.goto(`/stores/${store.id}`);
  const tabs = page.getByRole('navigation', { name: 'Record sections' });
  const hint = tabs.locator('[data-more-end]');
  await expect(hint).toBeVisible();
  await expect(tabs.locator('[data-more-start]')).toHaveCount(0);
  const activity = tabs.getByRole('link', { name: 'Activity' });
  await expect(activity).not.toBeInViewport({ ratio: 1 });

  // Scrolled to its end, the row hints the other way.
  await activity.scrollIntoViewIfNeeded();
  await expect(tabs.locator('[data-more-start]')).toBeVisible();
  await expect(tabs.locator('[data-more-end]')).toHaveCount(0);

  // Opened straight on the last tab, that tab is in view.
  await page.goto(`/stores/${store.id}/activity`);
  await expect(
    page.getByRole('navigation', { name: 'Record sections' }).getByRole('link', { name: 'Activity' }),
  ).toBeInViewport({
    ratio: 1,
  });
  await screenshot(page, 'store-tabs-phone', { fullPage: false });
});

test('on a phone reminder cards are compact with 44 px targets, filters fold behind one button, and search results use the full width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaApi(page.request, { name: 'Pia Phone', email: uniqueEmail('phone') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Grill Waco' });
  const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await apiCall(page.request, 'POST', '/reminders', {
    title: 'Insurance certificate',
    due_date: due,
    store_id: store.id,
  });

  await page.goto('/reminders');
  const card = page.getByTestId('reminder-row').first();
  await expect(card).toBeVisible();
  const targets = [
    card.getByRole('checkbox'),
    card.getByRole('button', { name: /Mute/ }),
    card.getByRole('button', { name: /Snooze/ }),
    card.getByRole('button', { name: /Mark complete/ }),
  ];
  for (const target of targets) {
    // A checkbox's target is the label around it.
    const box = await target.evaluate((element) => {
      const rect = (element.closest('label') ?? element).getBoundingClientRect();
      return { width: rect.width, height: rect.height };
    });
    expect(box.width, target.toString()).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  // A one-line title, the facts and one row of actions (a card with a row per action was over 180 px).
  expect((await card.boundingBox())!.height).toBeLessThan(160);

  const filters = page.getByRole('group', { name: 'Filters' });
  await expect(filters).toBeHidden();
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(filters.getByLabel('About')).toBeVisible();
  await filters.getByLabel('About').selectOption('store');
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await screenshot(page, 'reminders-phone-filters-open');

  await page.getByRole('combobox', { name: /search/i }).fill('Waco');
  const results = page.getByRole('listbox');
  await expect(results.getByText('Harbor Grill Waco')).toBeVisible();
  expect((await results.boundingBox())!.width).toBeGreaterThanOrEqual(370);
  await screenshot(page, 'search-phone');
});

test('every filter of a list page names itself in words beside its field', async ({ page }) => {
  // Every list page in turn: over 30 s on a quiet machine now that there are more lists.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Fern Filters', email: uniqueEmail('filters') });
  for (const path of [
    '/leases',
    '/agreements',
    '/documents',
    '/stores',
    '/companies',
    '/brands',
    '/contacts',
    '/reminders',
    '/activities',
  ]) {
    await page.goto(path);
    const filters = page.getByRole('group', { name: 'Filters' });
    await expect(filters, path).toBeVisible();
    // A field's name for a screen reader alone (aria-label, an sr-only label) leaves a sighted user a bare
    // "mm/dd/yyyy": each field's label must be on screen, and each picker's button must say what it filters.
    const unnamed = await filters.evaluate((group) => [
      ...Array.from(group.querySelectorAll<HTMLInputElement>('input, select, textarea'))
        .filter((field) => {
          const label = field.labels?.[0];
          const box = label?.getBoundingClientRect();
          return !label?.innerText.trim() || !box || box.width < 2 || box.height < 2;
        })
        .map((field) => field.outerHTML),
      // A combobox's chevron (out of the tab order) belongs to its field, whose label is checked above.
      ...Array.from(group.querySelectorAll<HTMLElement>('button:not([tabindex="-1"])'))
        .filter((button) => !button.innerText.trim())
        .map((button) => button.outerHTML),
    ]);
    expect(unnamed, path).toEqual([]);
  }

  await page.goto('/leases');
  const expiring = page.getByRole('group', { name: 'Filters' }).getByLabel('Expiring before');
  await expect(page.getByRole('group', { name: 'Filters' }).getByText('Expiring before')).toBeVisible();
  await expiring.fill('2026-12-31');
  await expect(page).toHaveURL(/expiring_before=2026-12-31/);
  await screenshot(page, 'leases-filters-labelled');
});

test('the long lease form has a section navigation: a sticky list beside it on a desktop, a jump menu on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Nora Nav', email: uniqueEmail('nav') });
  await page.goto('/leases/create');
  const nav = page.getByRole('navigation', { name: 'Form sections' });
  await expect(nav.getByRole('link')).toHaveText([
    'Identity and parties',
    'Premises',
    'Dates',
    'Rent schedule',
    'Charges',
    'Options',
    'Clauses',
    'Deposits and percentage rent',
  ]);
  await nav.getByRole('link', { name: 'Clauses' }).click();
  await expect(page.getByRole('heading', { name: /^Clauses/ })).toBeInViewport();
  await expect(nav.getByRole('link', { name: 'Clauses' })).toHaveAttribute('aria-current', 'location');
  // The list stays in view while the form scrolls.
  await expect(nav.getByRole('link', { name: 'Identity and parties' })).toBeInViewport();
  await screenshot(page, 'lease-form-section-nav-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(nav).toBeHidden();
  const jump = page.getByRole('combobox', { name: 'Form sections' });
  await jump.selectOption({ label: 'Options' });
  await expect(page.getByRole('heading', { name: /^Options/ })).toBeInViewport();
  await expect(jump).toBeInViewport();
  await screenshot(page, 'lease-form-section-nav-phone');
});

test('the search box is a command palette: Ctrl-K, type a page or an action, Enter goes there; roles see only what they may do', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await registerViaApi(page.request, { name: 'Cora Command', email: uniqueEmail('palette') });
  await page.goto('/dashboard');
  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await box.fill('new lease');
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('group', { name: 'Actions' }).getByRole('option')).toHaveText(['New lease']);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/leases\/create$/);
  await expect(page.getByRole('heading', { name: 'New lease' })).toBeVisible();

  await box.fill('import st');
  await results.getByRole('option', { name: 'Import stores' }).click();
  await expect(page).toHaveURL(/\/import\/stores$/);

  await box.fill('audit');
  await expect(results.getByRole('group', { name: 'Go to' }).getByRole('option')).toHaveText(['Audit logs']);
  await box.fill('lease');
  await expect(results.getByRole('option', { name: 'Import leases' })).toBeVisible();
  await screenshot(page, 'command-palette-desktop');
  await box.press('Escape');
  await expect(results).toBeHidden();

  const context = await browser.newContext();
  const observer = await context.newPage();
  const user = await registerViaApi(observer.request, {
    name: 'Otis Observer',
    email: uniqueEmail('observer'),
  });
  joinTeam(user.id, owner.team_id, 'observer');
  await observer.goto('/dashboard');
  const observerBox = observer.getByRole('combobox', { name: 'Search' });
  await observerBox.fill('lease');
  const observerResults = observer.getByRole('listbox', { name: 'Search results' });
  await expect(observerResults.getByRole('option', { name: 'Leases' })).toBeVisible();
  await expect(observerResults.getByRole('option', { name: 'New lease' })).toHaveCount(0);
  await observerBox.fill('audit');
  await expect(observerResults.getByRole('option', { name: 'Audit logs' })).toHaveCount(0);
  await context.close();
});

test('a new team gets a getting-started checklist that ticks steps off, hides with Undo, and is not shown to observers', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await registerViaApi(page.request, { name: 'Gina Guide', email: uniqueEmail('guide') });
  await page.goto('/dashboard');
  const checklist = page.getByRole('list', { name: 'Getting started' });
  await expect(checklist.getByRole('link')).toHaveText([
    'Add a brand(to do)',
    'Add a store(to do)',
    'Add a lease with its critical dates(to do)',
    'Import a spreadsheet of your stores(to do)',
    'Invite a colleague(to do)',
  ]);
  await expect(page.getByText('0 of 5 done')).toBeVisible();

  await apiCall(page.request, 'POST', '/brands', { name: 'Harbor Grill' });
  await checklist.getByRole('link', { name: /Add a store/ }).click();
  await expect(page).toHaveURL(/\/stores\/create$/);
  await page.goBack();
  await expect(checklist.getByRole('link', { name: 'Add a brand (done)' })).toBeVisible();
  await expect(page.getByText('1 of 5 done')).toBeVisible();
  await screenshot(page, 'getting-started-desktop');

  await page.getByRole('button', { name: 'Hide this checklist' }).click();
  await expect(checklist).toBeHidden();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(checklist).toBeVisible();

  const context = await browser.newContext();
  const observer = await context.newPage();
  const user = await registerViaApi(observer.request, {
    name: 'Olga Observer',
    email: uniqueEmail('observer'),
  });
  joinTeam(user.id, owner.team_id, 'observer');
  // The checklist asks the server like the owner's does; what it shows an observer is nothing.
  const asked = observer.waitForResponse((response) => response.url().includes('/getting-started'));
  await observer.goto('/dashboard');
  await asked;
  await expect(observer.getByRole('list', { name: 'Getting started' })).toHaveCount(0);
  await context.close();
});

test('a new team loads the example portfolio from the checklist and removes it after confirming; what its own records use stays', async ({
  page,
  browser,
}) => {
  // Two teams' dashboards, a 24-record load and its removal: more steps than the default 30 s covers on a busy CI.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Ezra Example', email: uniqueEmail('example') });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Load example portfolio' }).click();
  await expect(page.getByText('The example portfolio is loaded')).toBeVisible();
  await expect(page.getByText('You are looking at example data')).toBeVisible();
  const checklist = page.getByRole('list', { name: 'Getting started' });
  await expect(
    checklist.getByRole('link', { name: 'Add a lease with its critical dates (done)' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load example portfolio' })).toHaveCount(0);
  await screenshot(page, 'example-portfolio-loaded');

  await page.goto('/stores');
  await expect(page.getByRole('table').getByText('Harbor Grill Austin Downtown')).toBeVisible();
  // The team's own store of an example brand: that brand and its franchisor stay.
  const brands = await apiCall<Array<{ id: number; name: string }>>(page.request, 'GET', '/brands');
  const grill = brands.find((brand) => brand.name === 'Harbor Grill')!;
  await apiCall(page.request, 'POST', '/stores', { name: 'Our first store', brand_id: grill.id });

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Remove example data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the example data?' });
  // The dialog element itself has no box; its panel says what removing does.
  await expect(dialog.getByText(/also those you edited/)).toBeVisible();
  await screenshot(page, 'example-portfolio-remove-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('You are looking at example data')).toBeVisible();

  await page.getByRole('button', { name: 'Remove example data' }).click();
  await dialog.getByRole('button', { name: 'Remove example data' }).click();
  await expect(page.getByText('22 example records were removed.')).toBeVisible();
  await expect(
    page.getByText('Kept because your records use them: Harbor Hospitality Group, Harbor Grill.'),
  ).toBeVisible();
  await expect(page.getByText('You are looking at example data')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load example portfolio' })).toBeVisible();
  await page.goto('/stores');
  await expect(page.getByRole('table').getByText('Our first store')).toBeVisible();
  await expect(page.getByRole('table').getByText('Harbor Grill Austin Downtown')).toHaveCount(0);

  // The shared demo team is a finished portfolio: nothing to load or remove there.
  const context = await browser.newContext();
  const demo = await context.newPage();
  await demo.goto('/');
  await demo.getByRole('button', { name: 'Try the demo' }).click();
  await expect(demo.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(demo.getByRole('button', { name: 'Load example portfolio' })).toHaveCount(0);
  await expect(demo.getByRole('button', { name: 'Remove example data' })).toHaveCount(0);
  await context.close();
});

test('the import page offers an empty template per record type, with the team’s columns, as CSV and Excel', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Tom Template', email: uniqueEmail('template') });
  await page.goto('/import/stores');
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^stores-import-template-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await csv.path())!, 'utf8').replace(/^\uFEFF/, '');
  expect(text.trim().split(/\r?\n/)).toHaveLength(1);
  expect(text.split(',')[0]).toBe('Name');
  expect(text).toContain('Brand');

  await page.getByRole('navigation', { name: 'Record type' }).getByRole('link', { name: 'Leases' }).click();
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Excel (.xlsx)' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^leases-import-template-.*\.xlsx$/);
});

test('the marketing home shows real screenshots of the product, loaded lazily below the hero', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const shots = page.getByRole('region', { name: 'What your team sees on Monday morning' }).getByRole('img');
  await expect(shots).toHaveCount(3);
  for (const shot of await shots.all()) {
    await expect(shot).toHaveAttribute('loading', 'lazy');
    await shot.scrollIntoViewIfNeeded();
    await expect
      .poll(() => shot.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(300);
  }
  await screenshot(page, 'home-product-shots');
});
