import { expect, test, type Page } from '../fixtures';
import { apiCall, logIn, registerViaApi, screenshot, uniqueEmail } from '../support';

/** Remembered list preferences, relative dates and optimistic updates. */

const storeRows = (page: Page) => page.getByRole('table').locator('tbody tr');

test('the page size and hidden columns of /stores are remembered on the server: after a reload and in a fresh browser', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = uniqueEmail('prefs');
  await registerViaApi(page.request, { name: 'Pia Prefs', email });
  for (let i = 1; i <= 12; i++)
    await apiCall(page.request, 'POST', '/stores', {
      name: `Prefs Store ${String(i).padStart(2, '0')}`,
      city: 'Austin',
    });

  await page.goto('/stores');
  await expect(storeRows(page)).toHaveCount(12);
  await expect(page.getByRole('columnheader', { name: 'City' })).toBeVisible();

  const saved = page.waitForResponse(
    (r) => r.url().includes('/list-preferences/stores') && r.request().method() === 'PUT',
  );
  await page.getByLabel('Per page').selectOption('10');
  expect((await saved).status()).toBe(200);
  await expect(storeRows(page)).toHaveCount(10);

  await page.getByRole('button', { name: /^Columns/ }).click();
  const savedColumns = page.waitForResponse(
    (r) => r.url().includes('/list-preferences/stores') && r.request().method() === 'PUT',
  );
  await page.getByRole('option', { name: 'City' }).click();
  expect((await savedColumns).status()).toBe(200);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'City' })).toHaveCount(0);
  await screenshot(page, 'list-preferences-stores-desktop');

  // A plain /stores (no per_page in the URL) uses the saved size.
  await page.goto('/stores');
  await expect(page.getByLabel('Per page')).toHaveValue('10');
  await expect(storeRows(page)).toHaveCount(10);
  await expect(page.getByRole('columnheader', { name: 'City' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible();

  // The URL still wins, so a link reproduces its view.
  await page.goto('/stores?per_page=25');
  await expect(page.getByLabel('Per page')).toHaveValue('25');
  await expect(storeRows(page)).toHaveCount(12);

  // Another browser, nothing in its storage: the same preferences, from the server.
  const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const other = await fresh.newPage();
  await logIn(other, email);
  await other.goto('/stores');
  await expect(other.getByLabel('Per page')).toHaveValue('10');
  await expect(storeRows(other)).toHaveCount(10);
  await expect(other.getByRole('columnheader', { name: 'City' })).toHaveCount(0);
  await fresh.close();
});

test('record times read relative, with the exact date and time on hover', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerViaApi(page.request, { name: 'Ray Relative', email: uniqueEmail('relative') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Clock Tower Cafe' });
  await apiCall(page.request, 'POST', `/stores/${store.id}/notes`, {
    body: 'Landlord called about the sign.',
  });

  await page.goto(`/stores/${store.id}/notes`);
  const time = page.getByRole('list', { name: 'Notes' }).locator('time');
  await expect(time).toHaveText('now');
  await expect(time).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(time).toHaveAttribute('title', new RegExp(`${new Date().getFullYear()} at \\d{1,2}:\\d{2}`));
});

test.describe('optimistic updates', () => {
  const setUp = async (page: Page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await registerViaApi(page.request, { name: 'Olly Optimist', email: uniqueEmail('optimist') });
    const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await apiCall(page.request, 'POST', '/reminders', { title: 'Renew the health permit', due_date: due });
    await page.goto('/reminders');
    const row = page.getByTestId('reminder-row').filter({ hasText: 'Renew the health permit' });
    const badge = page.getByRole('navigation', { name: 'Main navigation' }).getByLabel(/unread/);
    await expect(badge).toHaveText('1');
    return { row, badge };
  };

  test('completing a reminder shows at once, before the server answers, with the unread badge', async ({
    page,
  }) => {
    const { row, badge } = await setUp(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/app/api/v1/reminders/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      await held;
      await route.fallback();
    });

    await row.getByRole('button', { name: /^Mark complete/ }).click();
    // The request is still held: what shows is the optimistic state.
    await expect(row.getByRole('button', { name: /^Reopen/ })).toBeVisible();
    await expect(badge).toHaveCount(0);
    release();
    await expect(page.getByText('“Renew the health permit” completed.')).toBeVisible();
    await expect(badge).toHaveCount(0);
  });

  test('a refused change rolls back and says so', async ({ page, allowConsole }) => {
    allowConsole(/status of 500/);
    const { row, badge } = await setUp(page);
    await page.route('**/app/api/v1/reminders/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Server error.' }),
          })
        : route.fallback(),
    );

    await row.getByRole('button', { name: /^Mark complete/ }).click();
    await expect(page.getByText('Server error.')).toBeVisible();
    await expect(row.getByRole('button', { name: /^Mark complete/ })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Reopen/ })).toHaveCount(0);
    await expect(badge).toHaveText('1');
  });

  test('a deleted note goes at once and comes back when the server refuses', async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/status of 500/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await registerViaApi(page.request, { name: 'Nora Notes', email: uniqueEmail('notes') });
    const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbour Deli' });
    await apiCall(page.request, 'POST', `/stores/${store.id}/notes`, { body: 'Keep this note' });
    await page.goto(`/stores/${store.id}/notes`);
    const note = page
      .getByRole('list', { name: 'Notes' })
      .getByRole('listitem')
      .filter({ hasText: 'Keep this note' });
    await expect(note).toBeVisible();

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/app/api/v1/notes/*', async (route) => {
      if (route.request().method() !== 'DELETE') return route.fallback();
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Server error.' }),
      });
    });
    await note.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(note).toHaveCount(0);
    release();
    await expect(page.getByText('Server error.')).toBeVisible();
    await expect(note).toBeVisible();
  });
});
