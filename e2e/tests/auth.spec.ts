import { expect, test } from '../fixtures';
import { linkFromMail } from '../mail';
import { logIn, PASSWORD, registerViaApi, screenshot, uniqueEmail } from '../support';

test('a new user registers, verifies the e-mail from the .eml link, logs in and sees the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('reg');
  await page.goto('/register');
  await page.getByLabel('Name').fill('Rita Register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText('Your e-mail address is not verified yet')).toBeVisible();

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  const link = await linkFromMail(email, /\/app\/email\/verify\//);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?verified=1/);
  await expect(page.getByText('Your e-mail address has been verified')).toBeVisible();

  await logIn(page, email);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Your e-mail address is not verified yet')).toHaveCount(0);
});

test('shows the field errors the server returns under each field', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('a user resets a forgotten password through the e-mailed link', async ({ page }) => {
  const email = uniqueEmail('reset');
  await page.goto('/register');
  await page.getByLabel('Name').fill('Fergus Forgetful');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  // Leave the app first: a signed-in page that loses its cookie reloads itself (spec §8 on 401), which
  // would race the next navigation.
  await page.goto('about:blank');
  await page.context().clearCookies();

  await page.goto('/password/reset');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('we have sent a password reset link')).toBeVisible();

  await page.goto(await linkFromMail(email, /\/password\/reset\/[\w-]+/));
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill('my brand new password');
  await page.getByLabel('Confirm password').fill('my brand new password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, email, 'my brand new password');
});

test('the demo login on the home page opens the demo team dashboard', async ({ page }) => {
  await page.goto('/');
  await screenshot(page, 'home-desktop');
  await page.getByRole('button', { name: 'Try the demo' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  // The demo user may not edit its profile or see billing (spec §6).
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Edit profile' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
});

test('an unknown page shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('signing up with an e-mail that has an account says to check the inbox, signs no one in, and mails the owner', async ({
  page,
}) => {
  const email = uniqueEmail('taken');
  await registerViaApi(page.context().request, { name: 'Olive Owner', email });
  await page.context().clearCookies();

  await page.goto('/register');
  await page.getByLabel('Name').fill('Someone Else');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('another long password');
  await page.getByLabel('Confirm password').fill('another long password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expect(page.getByText(`If ${email} already has an account`)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await screenshot(page, 'register-check-inbox');

  // The owner's e-mail leads to the password reset page.
  await page.goto(await linkFromMail(email, /\/password\/reset\b/));
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('changing the e-mail asks for the current password and applies once the new address opens its link', async ({
  page,
}) => {
  const email = uniqueEmail('mover');
  await registerViaApi(page.request, { name: 'Mo Mover', email });
  await page.goto('/account/profile');
  const target = uniqueEmail('moved');
  await page.getByLabel('Email').fill(target);
  // The password form below has a field of the same name.
  const profileForm = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Save profile' }) });
  const current = profileForm.getByLabel('Current password');
  await expect(current).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(current).toHaveAttribute('aria-invalid', 'true');

  await current.fill(PASSWORD);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(`We sent a link to ${target}.`)).toBeVisible();
  await expect(page.getByText(`Check the inbox of ${target}`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await page.goto(await linkFromMail(target, /\/app\/email\/change\//));
  await expect(page).toHaveURL(/\/account\/profile\?email_changed=1/);
  await expect(page.getByText('Your new e-mail address is confirmed.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(target);
  await expect(page.getByText(`Check the inbox of ${target}`)).toHaveCount(0);
});
