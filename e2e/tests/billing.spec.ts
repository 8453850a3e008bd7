import { expect, test } from '../fixtures';
import { logIn, registerViaApi, screenshot, sql, uniqueEmail } from '../support';

/*
 * The e2e server runs without STRIPE_SECRET_KEY, so nothing here reaches Stripe: a closed team is made
 * the way a webhook would leave it, by writing its status.
 */

test('the owner of an inactive team lands on /reactivate; a member sees the 403 page', async ({
  page,
  browser,
}) => {
  // The console stays clean (the fixture fails on any error): /dashboard's HTML names the team's figures as a
  // preload only while the API would answer them, and a closed team's API refuses them.
  const owner = await registerViaApi(page.request, { name: 'Olga Owner', email: uniqueEmail('owner') });
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await registerViaApi(memberPage.request, {
    name: 'Max Member',
    email: uniqueEmail('member'),
  });
  sql(
    "insert into team_user (team_id, user_id, role, created_at) values (?, ?, 'manager', ?)",
    owner.team_id,
    member.id,
    new Date().toISOString(),
  );
  sql('update users set current_team_id = ? where id = ?', owner.team_id, member.id);
  sql("update teams set subscription_status = 'inactive' where id = ?", owner.team_id);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/reactivate$/);
  await expect(page.getByRole('heading', { name: 'Your subscription is inactive' })).toBeVisible();
  // Without Stripe there is nothing to pay: the page says so instead of offering Checkout.
  await expect(page.getByText('Billing is not set up on this server.')).toBeVisible();
  await screenshot(page, 'billing-reactivate');
  // Deep links are closed too.
  await page.goto('/stores');
  await expect(page).toHaveURL(/\/reactivate$/);

  await memberPage.goto('/dashboard');
  await expect(memberPage.getByText('403')).toBeVisible();
  await expect(memberPage.getByText('You are not allowed to see this page')).toBeVisible();
  await screenshot(memberPage, 'billing-member-403');
  // The member is not offered the owner's page either.
  await memberPage.goto('/reactivate');
  await expect(memberPage.getByText('You are not allowed to see this page')).toBeVisible();
  await memberContext.close();

  // Reopened (as a webhook would after payment): the owner is back in the app.
  sql("update teams set subscription_status = 'active' where id = ?", owner.team_id);
  await page.goto('/reactivate');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('without Stripe the billing page says billing is off; the owner reaches it from the user menu', async ({
  page,
}) => {
  const owner = await registerViaApi(page.request, { name: 'Bella Billing', email: uniqueEmail('billing') });
  sql('update users set email_verified_at = ? where id = ?', new Date().toISOString(), owner.id);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/account\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing is off' })).toBeVisible();
  await expect(page.getByText('every team is active')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);
  await screenshot(page, 'billing-off');
});

test('the demo user has no billing link and is refused the billing page', async ({ page }) => {
  await logIn(page, 'demo@storekeep.test', 'storekeep-demo');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Team', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/account/billing');
  await expect(page.getByText('You are not allowed to see this page')).toBeVisible();
});
