import { expect, test } from '../fixtures';
import { linkFromMail } from '../mail';
import { PASSWORD, registerViaApi, screenshot, uniqueEmail } from '../support';

test('an admin invites a colleague, who registers through the link and switches between teams', async ({ page, browser }) => {
  const ownerEmail = uniqueEmail('owner');
  await registerViaApi(page.request, { name: 'Olivia Owner', email: ownerEmail });
  await page.goto('/account/team');
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();

  const colleague = uniqueEmail('colleague');
  await page.getByLabel('Email').fill(colleague);
  await page.getByLabel('Role').selectOption('manager');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`Invitation sent to ${colleague}.`)).toBeVisible();
  await expect(page.getByRole('cell', { name: colleague, exact: true })).toBeVisible();
  await screenshot(page, 'team-desktop');

  const link = await linkFromMail(colleague, /\/teams\/register\//);
  const second = await browser.newContext();
  const other = await second.newPage();
  await other.goto(link);
  await expect(other.getByText("Create your account to join Olivia's Team")).toBeVisible();
  await expect(other.getByLabel('Email')).toHaveValue(colleague);
  await other.getByLabel('Name').fill('Carl Colleague');
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByLabel('Confirm password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Register' }).click();
  await expect(other).toHaveURL(/\/dashboard/);

  // Carl now belongs to two teams: the invited one (current) and his own.
  await other.getByRole('button', { name: 'Open user menu' }).click();
  await expect(other.getByRole('menuitem', { name: /Olivia's Team/ })).toBeVisible();
  await other.getByRole('menuitem', { name: /Carl's Team/ }).click();
  await expect(other).toHaveURL(/\/dashboard/);
  await other.getByRole('button', { name: 'Open user menu' }).click();
  await expect(other.getByRole('menuitem', { name: 'Team', exact: true })).toBeVisible();
  await other.keyboard.press('Escape');
  await other.goto('/account/team');
  await expect(other.getByLabel('Team name')).toHaveValue("Carl's Team");

  // The owner sees Carl as a member now, and the invitation is no longer pending.
  await page.reload();
  await expect(page.getByRole('row', { name: /Carl Colleague/ })).toContainText(colleague);
  await expect(page.getByRole('button', { name: `Cancel invitation: ${colleague}` })).toHaveCount(0);
  await second.close();
});
