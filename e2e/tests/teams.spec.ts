import { expect, test } from '../fixtures';
import { linkFromMail } from '../mail';
import { PASSWORD, registerViaApi, screenshot, uniqueEmail } from '../support';

test('an admin invites a colleague, who registers through the link and switches between teams', async ({
  page,
  browser,
}) => {
  // Two browsers, a registration and two team switches: about 30 s on a quiet machine.
  test.setTimeout(90_000);
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
  await expect(other.getByText('Invited by Olivia Owner.')).toBeVisible();
  await expect(other.getByLabel('Email')).toHaveValue(colleague);
  await other.getByLabel('Name').fill('Carl Colleague');
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByLabel('Confirm password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Register' }).click();
  await expect(other).toHaveURL(/\/dashboard/);

  // Carl now belongs to two teams: the invited one (current) and his own.
  await other.getByRole('button', { name: 'Open user menu' }).click();
  await expect(other.getByRole('menuitem', { name: /Olivia's Team/ })).toBeVisible();
  // Switching reloads the page (the app's state belongs to the old team): the menu is opened on the new page.
  const reloaded = other.waitForEvent('load');
  await other.getByRole('menuitem', { name: /Carl's Team/ }).click();
  await reloaded;
  await expect(other).toHaveURL(/\/dashboard/);
  await other.getByRole('button', { name: 'Open user menu' }).click();
  await expect(
    other.getByRole('menuitem', { name: /Carl's Team/ }).locator('[aria-current="true"]'),
  ).toBeVisible();
  await expect(other.getByRole('menuitem', { name: 'Team', exact: true })).toBeVisible();
  await other.keyboard.press('Escape');
  await other.goto('/account/team');
  await expect(other.getByLabel('Team name')).toHaveValue("Carl's Team");

  // The owner sees Carl as a member now, and the invitation is no longer pending.
  await page.reload();
  await expect(page.getByRole('row', { name: /Carl Colleague/ })).toContainText(colleague);
  await expect(page.getByRole('button', { name: `Cancel invitation: ${colleague}` })).toHaveCount(0);

  // A new role is confirmed first, with what it may and may not do; cancelling keeps the old one.
  const role = page.getByLabel('Role of Carl Colleague');
  await role.selectOption('observer');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Make Carl Colleague Observer?')).toBeVisible();
  await expect(dialog).toContainText('can no longer add, change or delete anything');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(role).toHaveValue('manager');
  await role.selectOption('admin');
  await expect(dialog).toContainText('invite and remove members');
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByText('Role of Carl Colleague changed to Admin.')).toBeVisible();
  await expect(role).toHaveValue('admin');
  await second.close();
});

test('an invitation is accepted only from a verified address: the join page says to verify first', async ({
  page,
  browser,
}) => {
  await registerViaApi(page.request, { name: 'Vera Owner', email: uniqueEmail('owner') });
  const inviteeEmail = uniqueEmail('invitee');
  const second = await browser.newContext();
  const invitee = await second.newPage();
  await registerViaApi(invitee.request, { name: 'Ivan Invitee', email: inviteeEmail });

  await page.goto('/account/team');
  await page.getByLabel('Email').fill(inviteeEmail);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`Invitation sent to ${inviteeEmail}.`)).toBeVisible();

  await invitee.goto(await linkFromMail(inviteeEmail, /\/teams\/join\//));
  await expect(invitee.getByText(/Verify your e-mail address first/)).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);

  const join = invitee.url();
  await invitee.goto(await linkFromMail(inviteeEmail, /\/app\/email\/verify\//));
  await invitee.goto(join);
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(invitee).toHaveURL(/\/dashboard/);
  await expect(invitee.getByText("Welcome to Vera's Team!")).toBeVisible();
  await second.close();
});
