import { expect, test, type Page } from '../fixtures';
import { apiCall, joinTeam, registerViaApi, sql, uniqueEmail } from '../support';

const openUserMenu = (page: Page) => page.getByRole('button', { name: 'Open user menu' }).click();
const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });

test('the profile menu offers only the pages the role may open: Audit logs, Team and Attributes for admins alone', async ({
  page,
  browser,
}) => {
  const owner = await registerViaApi(page.request, { name: 'Ada Admin', email: uniqueEmail('admin') });
  await page.goto('/dashboard');
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Audit logs' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Team', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Attributes' })).toBeVisible();

  for (const role of ['observer', 'manager'] as const) {
    const context = await browser.newContext();
    const member = await context.newPage();
    const user = await registerViaApi(member.request, { name: `Max ${role}`, email: uniqueEmail(role) });
    joinTeam(user.id, owner.team_id, role);
    await member.goto('/dashboard');
    await openUserMenu(member);
    await expect(member.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expect(member.getByRole('menuitem', { name: 'Audit logs' }), role).toHaveCount(0);
    await expect(member.getByRole('menuitem', { name: 'Team', exact: true }), role).toHaveCount(0);
    await expect(member.getByRole('menuitem', { name: 'Attributes' }), role).toHaveCount(0);
    // Not a member of the owner's billing either.
    await expect(member.getByRole('menuitem', { name: 'Billing' }), role).toHaveCount(0);
    await context.close();
  }
});

test('a failed list request shows an error state with Retry, not the empty state; Retry loads the records', async ({
  page,
  allowConsole,
}) => {
  await registerViaApi(page.request, { name: 'Lena List', email: uniqueEmail('list') });
  await apiCall(page.request, 'POST', '/companies', { name: 'Keystone Holdings' });
  allowConsole(/status of 500/);
  await page.route('**/app/api/v1/companies?*', (route) =>
    route.fulfill({ status: 500, json: { message: 'Server Error' } }),
  );

  await page.goto('/companies');
  await expect(page.getByText('Server Error')).toBeVisible();
  await expect(page.getByText('This list could not be loaded')).toBeVisible();
  await expect(page.getByText('No companies yet')).toHaveCount(0);

  await page.unroute('**/app/api/v1/companies?*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(
    page
      .getByRole('link', { name: 'Keystone Holdings' })
      .or(page.getByRole('cell', { name: 'Keystone Holdings' }))
      .first(),
  ).toBeVisible();
  await expect(page.getByText('This list could not be loaded')).toHaveCount(0);
});

test('offline, a sidebar link answers with the network error toast and an error state with Retry instead of endless skeletons', async ({
  page,
  context,
  allowConsole,
}) => {
  await registerViaApi(page.request, { name: 'Otto Offline', email: uniqueEmail('offline') });
  await apiCall(page.request, 'POST', '/companies', { name: 'Harbor Holdings' });
  await page.goto('/dashboard');
  // The installed app's service worker serves the code of the page about to be opened; the data has to come from the network.
  // Installing the worker precaches the app: on a loaded 2-vCPU machine that took longer than the 7 s default.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
    .toBe(true);

  allowConsole(/ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(true);
  await sidebarLink(page, 'Companies').click();
  await expect(
    page.getByText('Could not reach the server. Check your connection and try again.'),
  ).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('This list could not be loaded')).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(
    page
      .getByRole('link', { name: 'Harbor Holdings' })
      .or(page.getByRole('cell', { name: 'Harbor Holdings' }))
      .first(),
  ).toBeVisible();
});

test('a member whose current team is inactive switches to their other team from the 403 page', async ({
  page,
}) => {
  const ownerContext = await page.context().browser()!.newContext();
  const ownerPage = await ownerContext.newPage();
  const owner = await registerViaApi(ownerPage.request, {
    name: 'Cora Closed',
    email: uniqueEmail('closed'),
  });
  await ownerContext.close();
  const member = await registerViaApi(page.request, { name: 'Milo Member', email: uniqueEmail('member') });
  joinTeam(member.id, owner.team_id, 'manager');
  sql("update teams set subscription_status = 'inactive' where id = ?", owner.team_id);

  await page.goto('/stores');
  await expect(page.getByText('You are not allowed to see this page')).toBeVisible();
  await page.getByRole('button', { name: "Switch to Milo's Team" }).click();
  await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/stores$/);
  await openUserMenu(page);
  await expect(
    page.getByRole('menuitem', { name: "Milo's Team" }).locator('[aria-current="true"]'),
  ).toBeVisible();
});

test('the owner of an inactive team who also belongs to an active one can switch to it from /reactivate', async ({
  page,
  browser,
}) => {
  const otherContext = await browser.newContext();
  const other = await registerViaApi((await otherContext.newPage()).request, {
    name: 'Tess Team',
    email: uniqueEmail('active'),
  });
  await otherContext.close();
  const owner = await registerViaApi(page.request, { name: 'Rita Reactivate', email: uniqueEmail('owner') });
  joinTeam(owner.id, other.team_id, 'observer');
  sql('update users set current_team_id = ? where id = ?', owner.team_id, owner.id);
  sql("update teams set subscription_status = 'inactive' where id = ?", owner.team_id);

  // Any page of the closed team leads there, /dashboard too, with nothing refused on the console.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/reactivate$/);
  await page.getByRole('button', { name: "Switch to Tess's Team" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an anonymous visit and a full load log nothing on the console', async ({ page }) => {
  // The fixture fails the test on any console error or warning: a guest's GET /users/auth and the first render.
  for (const path of ['/', '/login', '/register']) {
    const answer = page.waitForResponse((response) => response.url().includes('/app/api/v1/users/auth'));
    await page.goto(path);
    expect((await answer).status()).toBe(200);
  }
  await expect(
    page
      .getByRole('heading', { name: 'Create your account' })
      .or(page.getByRole('button', { name: 'Register' }))
      .first(),
  ).toBeVisible();
});
