import { expect, test } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

const DESKTOP = { width: 1440, height: 900 };

const isoDay = (offset: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};
const longDay = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
};

test('the form and the lease page count the same term: through the day before an anniversary is whole months', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Tess Term', email: uniqueEmail('lease-term') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Noodles' });
  await page.goto(`/leases/create?store_id=${store.id}`);
  await expect(page.getByRole('combobox', { name: 'Store', exact: true })).toHaveValue('Harbor Noodles');
  await page.getByLabel('Commencement', { exact: true }).fill('2024-03-01');
  await page.getByLabel('Expiration', { exact: true }).fill('2027-02-28');
  await expect(page.getByTestId('term-months')).toHaveText('36 months');
  await page.getByRole('button', { name: 'New lease' }).click();
  await expect(page).toHaveURL(/\/leases\/\d+$/);
  await expect(page.getByText('36 months', { exact: true })).toBeVisible();
});

test('a lease with a renewal option raises a reminder live, which is commented on and completed', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Lena Lease', email: uniqueEmail('leases') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Lakeside Bagels' });

  // A second tab stays open on the dashboard: the bell has no red dot yet.
  const watcher = await context.newPage();
  await watcher.setViewportSize(DESKTOP);
  await watcher.goto('/dashboard');
  await expect(watcher.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(watcher.getByTestId('bell-dot')).toHaveCount(0);

  // The lease form, prefilled with the store from the store's Leases tab.
  await page.goto(`/stores/${store.id}/leases`);
  await expect(page.getByText('No leases for this store yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New lease' }).click();
  await expect(page).toHaveURL(new RegExp(`/leases/create\\?store_id=${store.id}$`));
  await expect(page.getByRole('combobox', { name: 'Store', exact: true })).toHaveValue('Lakeside Bagels');
  // The one field a lease needs is marked (leaseInputSchema requires only the store).
  await expect(page.getByTestId('required-marker')).toHaveCount(1);
  await expect(page.getByTestId('required-marker').locator('xpath=preceding-sibling::label')).toHaveText(
    'Store',
  );
  await expect(page.getByRole('combobox', { name: 'Store', exact: true })).toHaveAttribute(
    'aria-required',
    'true',
  );
  await page.getByLabel('Reference', { exact: true }).fill('LB-1');
  await page.getByLabel('Status', { exact: true }).selectOption('active');
  await page.getByLabel('Commencement', { exact: true }).fill(isoDay(-1000));
  await page.getByLabel('Expiration', { exact: true }).fill(isoDay(200));
  await page.getByRole('button', { name: 'Add rent period' }).click();
  await page.getByLabel('Start', { exact: true }).fill(isoDay(-1000));
  await page.getByLabel('End', { exact: true }).fill(isoDay(200));
  await page.getByLabel('Monthly (USD)').fill('4500');
  await page.getByRole('button', { name: 'Add option' }).click();
  // A new option starts as the common window (12 to 6 months before the term ends); this lease says 180 days.
  await expect(page.getByLabel('Notice deadline: how long')).toHaveValue('6');
  await page.getByLabel('Notice may not be given before a date (a window)').uncheck();
  await page.getByLabel('Notice deadline: how long').fill('180');
  await page.getByLabel('Unit').selectOption('days');
  await page.getByLabel('On a weekend or holiday').selectOption('none');
  await expect(page.getByTestId('option-preview')).toContainText(`Window 1: by ${longDay(isoDay(20))}`);
  await expect(page.getByTestId('option-deadline')).toContainText('Computed on save');
  await page.getByRole('button', { name: 'New lease' }).click();

  // Saving a new lease opens its page, not its form again.
  await expect(page).toHaveURL(/\/leases\/\d+$/);
  // The server computed the notice deadline: 180 days before expiration, i.e. 20 days from today.
  await expect(page.getByTestId('notice-window').first()).toContainText(longDay(isoDay(20)));

  // The other tab got the unread count over the event stream, without a reload.
  await expect(watcher.getByTestId('bell-dot')).toBeVisible({ timeout: 10_000 });

  // The leases list shows the same deadline from its own field: list items leave the options to the detail.
  await page.goto('/leases');
  await expect(page.getByRole('row').filter({ hasText: 'LB-1' })).toContainText(longDay(isoDay(20)));

  // The reminder is in the inbox.
  await page.goto('/reminders');
  const row = page
    .getByTestId('reminder-row')
    .filter({ hasText: 'Lakeside Bagels' })
    .filter({ hasText: 'Option notice' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('in 20 days');
  await screenshot(page, 'reminders-desktop');

  // Comment on it: it is prepended, and comments_count shows 1.
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/reminders\/\d+\/comments$/);
  await page.getByLabel('Add a comment').fill('Landlord called, renewal terms on the way.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(
    page.getByRole('list', { name: 'Comments' }).getByText('Landlord called, renewal terms on the way.'),
  ).toBeVisible();
  await expect(page.getByTestId('comments-count')).toHaveText('1');
  await expect(page.getByRole('heading', { name: '1 comment' })).toBeVisible();

  // Complete it: it leaves the inbox for the Completed tab.
  await page.getByRole('button', { name: /Mark complete/ }).click();
  await expect(page.getByRole('button', { name: /Reopen/ })).toBeVisible();
  await page.goto('/reminders');
  await expect(page.getByTestId('reminder-row').filter({ hasText: 'Option notice' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Completed' }).click();
  await expect(page.getByTestId('reminder-row').filter({ hasText: 'Option notice' })).toBeVisible();

  // The dashboard counts the open renewal option due within the window.
  await page.goto('/dashboard');
  const stat = page.getByRole('link', { name: /Near renewal notice/ });
  await expect(stat).toContainText('1');
  await screenshot(page, 'dashboard-leases-desktop');
});

test('saving a new agreement opens its page; its one required field, the brand, is marked', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Abe Agreements', email: uniqueEmail('agreements') });
  await apiCall(page.request, 'POST', '/brands', { name: 'Bagel Barn' });
  await page.goto('/agreements/create');
  await expect(page.getByTestId('required-marker')).toHaveCount(1);
  await expect(page.getByTestId('required-marker').locator('xpath=preceding-sibling::label')).toHaveText(
    'Brand',
  );
  await page.getByRole('combobox', { name: 'Brand', exact: true }).fill('Bagel');
  await page.getByRole('option', { name: 'Bagel Barn' }).click();
  await page.getByLabel('Agreement number').fill('FA-7');
  await page.getByRole('button', { name: 'New agreement' }).click();
  await expect(page).toHaveURL(/\/agreements\/\d+$/);
  await expect(page.getByText('FA-7').first()).toBeVisible();
});
